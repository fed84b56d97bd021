// coded domain errors: services throw these, one http handler and one socket path map them

import { ERROR_STATUS, type ErrorCode } from '@sayspell/core/protocol/errors';

// the table of codes is core's, so the web can switch on the same union
export { ERROR_STATUS, type ErrorCode };

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
