import { beforeEach, describe, expect, it, vi } from 'vitest';

const where = vi.hoisted(() => ({ native: true }));
vi.mock('./platform.ts', () => ({ isNative: () => where.native }));

import { APPLE_NO_RESPONSE, appleIdentity, randomString } from './apple-sign-in.ts';

describe('Apple sign-in in the apps', () => {
  beforeEach(() => {
    where.native = true;
  });

  it('asks the plugin with a fresh 16-character nonce and state, and hands over the token', async () => {
    const authorize = vi.fn(async () => ({
      response: { identityToken: 'id.token.here', givenName: 'Ada', familyName: 'Lovelace' },
    }));
    const identity = await appleIdentity('com.sayspell.service', async () => ({ authorize }));
    const asked = (
      authorize.mock.calls[0] as unknown as [{ nonce: string; state: string; clientId: string }]
    )[0];
    expect(asked.clientId).toBe('com.sayspell.service');
    expect(asked.nonce).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(asked.state).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(asked.state).not.toBe(asked.nonce);
    expect(identity).toEqual({ idToken: 'id.token.here', nonce: asked.nonce, name: 'Ada Lovelace' });
  });

  it("says 'Apple Sign-In: No response received.' when no token comes back or the plugin fails", async () => {
    await expect(appleIdentity('x', async () => ({ authorize: async () => ({}) }))).rejects.toThrow(
      APPLE_NO_RESPONSE,
    );
    await expect(
      appleIdentity('x', async () => ({
        authorize: async () => {
          throw new Error('The user canceled');
        },
      })),
    ).rejects.toThrow(APPLE_NO_RESPONSE);
  });

  it('is not offered on the web', async () => {
    where.native = false;
    const load = vi.fn();
    await expect(appleIdentity('x', load)).rejects.toThrow(/apps only/);
    expect(load).not.toHaveBeenCalled();
  });

  it('makes random strings of the asked length', () => {
    expect(randomString()).toHaveLength(16);
    expect(randomString(5)).toMatch(/^[A-Za-z0-9]{5}$/);
    expect(randomString()).not.toBe(randomString());
  });
});
