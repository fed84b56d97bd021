import type { AckError } from '@sayspell/core/protocol/errors';
import type { z } from 'zod';
import { DomainError } from '../errors.ts';

// one path from anything thrown in a socket handler to the acknowledgement a client reads

export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const where = i.path.length ? `${i.path.join('.')}: ` : '';
      return `${where}${i.message}`;
    })
    .join('; ');
}

export function toSocketError(err: unknown): AckError {
  if (err instanceof DomainError) return { code: err.code, message: err.message };
  return { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
}
