import { channels } from '@sayspell/core/protocol/channels';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../src/db/schema.ts';
import { createStaleGuestSweep } from '../src/social/stale-guests.ts';
import { api, guest, socketFor, soloGameBody, startServer, type TestServer, testClock } from './harness.ts';
import { invitedGame, player } from './partnered.ts';

// guests are cleaned away once nobody can use them again (no refresh token left to sign in with,
// no socket open) and no one else's data names them; everyone else stays, with their data

let t: TestServer;
const clock = testClock();
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await startServer({ clock });
});
afterAll(() => t?.close());

const exists = async (id: string) =>
  (await t.server.database.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;

describe('stale guests', () => {
  it('deletes the ones nobody can use any more, keeps the others and their data', async () => {
    const db = t.server.database.db;
    // an abandoned guest with a finished-or-not solo game of its own
    const lapsed = await guest(t.url);
    const solo = await api(t.url, 'POST', '/v1/game', {
      token: lapsed.token.accessToken,
      body: soloGameBody(lapsed.user._id),
    });
    expect(solo.status).toBe(200);
    // a guest still signed in (its refresh token is valid)
    const active = await guest(t.url);
    // a lapsed guest who played with a partner: the partner's history names it
    const [a, b] = await Promise.all([player(t.url), player(t.url)]);
    await invitedGame(a.socket, b.socket, b.login.user._id);
    a.socket.disconnect();
    b.socket.disconnect();
    // a lapsed guest whose page is still open
    const open = await guest(t.url);
    const socket = await socketFor(t.url, open.token.accessToken);

    // every refresh token of the lapsed ones ran out
    const lapsedIds = [lapsed.user._id, a.login.user._id, open.user._id];
    await db
      .update(refreshTokens)
      .set({ expiresAt: new Date(clock.now() - DAY) })
      .where(inArray(refreshTokens.userId, lapsedIds));

    const sweep = createStaleGuestSweep({
      db,
      clock,
      isOnline: async (id) => (await t.server.io.in(channels.user(id)).fetchSockets()).length > 0,
    });
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await exists(lapsed.user._id)).toBe(false);
    expect(await exists(active.user._id)).toBe(true);
    expect(await exists(a.login.user._id)).toBe(true);
    expect(await exists(open.user._id)).toBe(true);
    // the one still signed in goes on as before
    const me = await api(t.url, 'GET', '/v1/users/profile', { token: active.token.accessToken });
    expect(me.status).toBe(200);
    socket.disconnect();
  });
});
