import type { Logger } from 'pino';
import { stdSerializers } from 'pino';

// a failed query's error names its parameters (drizzle puts them in the message) and the driver's
// error may quote a row ("Key (email)=(…) already exists"): one registration wrote an e-mail and
// an argon2 hash into the log. errors are logged with the statement and the database's code and
// message only, on PGlite and PostgreSQL alike

interface QueryErrorLike extends Error {
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

/** the fields of a driver error that never hold values: the others (detail, where, …) may */
function driverFields(cause: unknown) {
  if (!cause || typeof cause !== 'object') return undefined;
  const c = cause as {
    code?: unknown;
    message?: unknown;
    severity?: unknown;
    table?: unknown;
    constraint?: unknown;
  };
  return {
    code: typeof c.code === 'string' ? c.code : undefined,
    message: typeof c.message === 'string' ? c.message : undefined,
    severity: typeof c.severity === 'string' ? c.severity : undefined,
    table: typeof c.table === 'string' ? c.table : undefined,
    constraint: typeof c.constraint === 'string' ? c.constraint : undefined,
  };
}

export function safeErrorSerializer(err: unknown): unknown {
  if (!(err instanceof Error)) return stdSerializers.err(err as Error);
  const e = err as QueryErrorLike;
  const cause = driverFields(e.cause ?? e);
  const isQuery = typeof e.query === 'string' || 'params' in e;
  const isDriver = !isQuery && cause?.code !== undefined && /^[0-9A-Z]{5}$/.test(cause.code);
  if (!isQuery && !isDriver) return stdSerializers.err(err);
  const message = isQuery ? `Failed query: ${String(e.query)}` : (cause?.message ?? e.message);
  return {
    type: e.name,
    message,
    database: cause,
    // the stack's first line repeats the message (with the parameters): keep the frames only
    stack: `${e.name}: ${message}\n${(e.stack ?? '')
      .split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .join('\n')}`,
  };
}

/** the logger the server uses: the same, with errors logged as above */
export function withSafeErrors(logger: Logger): Logger {
  return logger.child({}, { serializers: { err: safeErrorSerializer } });
}
