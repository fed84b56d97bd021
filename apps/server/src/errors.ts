// coded domain errors: services throw these, one http handler and one socket path map them

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  BAD_TEXT: 400,
  BAD_VOICE: 400,
  UNKNOWN_WORDS: 400,
  BAD_AUDIO: 400,
  BAD_WORD: 400,
  LINK_INVALID: 400,
  LINK_USED: 400,
  LINK_EXPIRED: 400,
  STATE_MISMATCH: 400,
  OAUTH_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  WRONG_PASSWORD: 403,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_REMOVED: 403,
  PROVIDER_DISABLED: 404,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  EMPTY_GUESS: 400,
  UNAUTHORIZED: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  BLOCKED: 403,
  NOT_A_PLAYER: 403,
  NOT_THE_SPELLER: 403,
  CHANNEL_FORBIDDEN: 403,
  NOT_FOUND: 404,
  GAME_NOT_FOUND: 404,
  AUDIO_EXPIRED: 404,
  CONFLICT: 409,
  BUSY: 409,
  OFFLINE: 409,
  PENDING: 409,
  NOT_STARTED: 409,
  COUNTDOWN: 409,
  FINISHED: 409,
  WRONG_WORD: 409,
  GAME_FINISHED: 409,
  SOLO_GAME: 409,
  NOT_ENOUGH_WORDS: 422,
  LANGUAGE_DISABLED: 422,
  CATEGORY_UNAVAILABLE: 422,
  ROLE_NOT_ALLOWED: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  /** an outside service (a speech provider) answered wrongly */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  STT_UNAVAILABLE: 503,
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
