import type { z } from 'zod';
import { DomainError } from '../errors.ts';
import { describeZodError } from '../realtime/socket-errors.ts';

/** parses a body, query or params object; a bad one is a 400 that says what is wrong */
export function parse<S extends z.ZodType>(schema: S, value: unknown, what = 'request body'): z.output<S> {
  if (value === undefined || value === null) {
    throw new DomainError('VALIDATION', `The ${what} is missing.`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError('VALIDATION', describeZodError(result.error));
  return result.data;
}
