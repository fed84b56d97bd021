import type { ApiError } from '@sayspell/core/protocol/errors';

/** a failed api call; `message` is the server's text, fit to show to the user */
export class ApiRequestError extends Error implements ApiError {
  readonly statusCode: number;
  readonly error: string;
  readonly code: string | undefined;

  constructor(body: ApiError) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.statusCode = body.statusCode;
    this.error = body.error;
    this.code = body.code;
  }
}

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.statusCode === 'number' && typeof v.message === 'string';
}

export const networkError = () =>
  new ApiRequestError({
    statusCode: 0,
    error: 'Network Error',
    message: 'Could not reach SaySpell. Check your connection and try again.',
  });
