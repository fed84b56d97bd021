import { randomInt } from 'node:crypto';
import { RANDOM_STRING_LENGTH } from '@sayspell/core/protocol/account';

const CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** the spec's random state and nonce: 16 characters from a CSPRNG (§9) */
export function randomString(length = RANDOM_STRING_LENGTH): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CHARSET[randomInt(CHARSET.length)];
  return s;
}
