import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters';

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies its own tokens, again and again, with the same claims', async () => {
    const access = createAccessTokens(SECRET, 60);
    const token = await access.sign({ userId: 'u1', role: 'user', sessionId: 's1' });
    expect(await access.verify(token)).toMatchObject({ userId: 'u1', role: 'user', sessionId: 's1' });
    expect(await access.verify(token)).toMatchObject({ userId: 'u1', role: 'user', sessionId: 's1' });
  });

  it('refuses a token once it has expired, even one it verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    const access = createAccessTokens(SECRET, 60);
    const token = await access.sign({ userId: 'u1', role: 'guest', sessionId: 's1' });
    expect(await access.verify(token)).toMatchObject({ userId: 'u1', role: 'guest', sessionId: 's1' });
    vi.setSystemTime(new Date('2026-11-23T12:00:59Z'));
    expect(await access.verify(token)).toMatchObject({ userId: 'u1', role: 'guest', sessionId: 's1' });
    vi.setSystemTime(new Date('2026-11-23T12:01:00Z'));
    await expect(access.verify(token)).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'The access token has expired.',
    });
  });

  it('refuses a token signed with another secret or changed after signing', async () => {
    const access = createAccessTokens(SECRET, 60);
    const other = createAccessTokens(`${SECRET}-other`, 60);
    const token = await access.sign({ userId: 'u1', role: 'user', sessionId: 's1' });
    await access.verify(token);
    await expect(other.verify(token)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'u1', role: 'admin', iss: 'sayspell', exp: 4e9 }));
    await expect(
      access.verify(`${header}.${forged.toString('base64url')}.${signature}`),
    ).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses a token that names no session (signed before sessions were named)', async () => {
    const access = createAccessTokens(SECRET, 60);
    const { SignJWT } = await import('jose');
    const bare = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('sayspell')
      .setExpirationTime('60s')
      .sign(new TextEncoder().encode(SECRET));
    await expect(access.verify(bare)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('a returned claims object changed by its caller does not change the next answer', async () => {
    const access = createAccessTokens(SECRET, 60);
    const token = await access.sign({ userId: 'u1', role: 'user', sessionId: 's1' });
    const claims = await access.verify(token);
    claims.role = 'admin';
    expect(await access.verify(token)).toMatchObject({ userId: 'u1', role: 'user', sessionId: 's1' });
  });
});
