// coded domain errors: services throw these, one http handler and one socket path map them

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  BAD_TEXT: 400,
  EMPTY_GUESS: 400,
  UNAUTHORIZED: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  NOT_A_PLAYER: 403,
  NOT_THE_SPELLER: 403,
  CHANNEL_FORBIDDEN: 403,
  NOT_FOUND: 404,
  GAME_NOT_FOUND: 404,
  AUDIO_EXPIRED: 404,
  CONFLICT: 409,
  NOT_STARTED: 409,
  COUNTDOWN: 409,
  FINISHED: 409,
  WRONG_WORD: 409,
  GAME_FINISHED: 409,
  NOT_ENOUGH_WORDS: 422,
  LANGUAGE_DISABLED: 422,
  CATEGORY_UNAVAILABLE: 422,
  ROLE_NOT_ALLOWED: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}
