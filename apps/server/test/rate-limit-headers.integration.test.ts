import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, guest, startServer, type TestServer } from './harness.ts';

// what a caller is told of the api's limits: nothing while under them (three headers less on every
// answer, issue 16's B5); once over, a 429 that says the limit, what is left of it (none), when it
// starts again and when to retry

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '5' } });
});
afterAll(() => t?.close());

const limitHeaders = (h: Headers) =>
  Object.fromEntries([...h].filter(([name]) => name.startsWith('x-ratelimit-') || name === 'retry-after'));

describe('rate limit headers', () => {
  it.each([
    ['anonymous', undefined],
    ['signed in', 'token'],
  ] as const)('%s: none under the limit, the limit and the wait once over it', async (_who, signedIn) => {
    const token = signedIn ? (await guest(t.url)).token.accessToken : undefined;
    const path = signedIn ? '/v1/users/profile' : '/v1/config';
    // (signing in as a guest may have used some of the account's calls already)
    const answers = [];
    for (let i = 0; i < 6 && answers.at(-1)?.status !== 429; i++)
      answers.push(await api(t.url, 'GET', path, { token }));
    const refused = answers.pop()!;
    expect(refused.status).toBe(429);
    expect(answers.length).toBeGreaterThan(signedIn ? 0 : 4);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(limitHeaders(a.headers)).toEqual({});
    }
    const over = limitHeaders(refused.headers);
    expect(over).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' });
    expect(Number(over['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(over['retry-after'])).toBeGreaterThan(0);
  });
});
