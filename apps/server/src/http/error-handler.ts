import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from '../errors.ts';

// every error answer has one shape: { statusCode, error, message, code }

export function errorBody(statusCode: number, message: string, code?: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(code ? { code } : {}) };
}

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | DomainError | Error, req, reply) => {
    if (err instanceof DomainError) {
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.message, err.code));
    }
    const status = (err as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (err as FastifyError).code;
      const message =
        (code && FRIENDLY[code]) ||
        (err instanceof SyntaxError ? FRIENDLY.FST_ERR_CTP_INVALID_JSON_BODY : err.message);
      return reply.status(status).send(errorBody(status, message ?? 'Bad request.', code));
    }
    // text the database cannot store (a NUL byte, a broken encoding) that a schema let through
    const dbCode = (err as { cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
    if (dbCode === '22021' || dbCode === '22P05') {
      return reply
        .status(400)
        .send(
          errorBody(
            400,
            'The request holds a character that cannot be stored (such as a NUL byte).',
            'BAD_REQUEST',
          ),
        );
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send(errorBody(500, 'Something went wrong on our side. Please try again.'));
  });
}
