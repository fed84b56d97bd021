// one error shape for every rest answer and socket acknowledgement, and the one table of error
// codes: the server throws them (with their http status), the web switches on them

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
  /** anything unexpected; the message never says what */
  INTERNAL: 500,
  /** an outside service (a speech provider) answered wrongly */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  STT_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  /** an ErrorCode, or a framework's own code (a malformed body, a missing route) */
  code?: string;
}

export interface AckError {
  code: ErrorCode;
  message: string;
}

/** nothing besides `ok` (Record<string, never> would make `ok` never) */
export type NoData = Record<never, never>;

export type Ack<T extends object = NoData> = ({ ok: true } & T) | { ok: false; error: AckError };
