import type { OnlineUser, PeopleAnswer } from '@sayspell/core/protocol/social';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { api, ask, nextEvent, socketFor, startServer, type TestServer } from './harness.ts';
import { type Player, player } from './partnered.ts';

// friends, blocked players and unread chats stay within reach when the other player is offline
// (issue 15 item 5), and 'In a game' ends with a player's last socket

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t?.close());

const id = (p: Player) => p.login.user._id;
const rest = <T>(p: Player, method: string, path: string, body?: unknown) =>
  api<T>(t.url, method, path, { token: p.login.token.accessToken, body });
const people = async (p: Player) => {
  const res = await rest<PeopleAnswer>(p, 'GET', '/v1/people');
  expect(res.status).toBe(200);
  return res.body;
};

/** a guest online: its private channel and the online-users list */
async function online(): Promise<Player> {
  const p = await player(t.url);
  const ack = await ask(p.socket, 'subscribe', { channel: 'presence-users' });
  expect(ack.ok).toBe(true);
  return p;
}

/** closes the player's socket and waits until the others hear they left (the grace period) */
async function leave(p: Player, watcher: Player) {
  const left = nextEvent<{ userId: string }>(watcher.socket, 'user-leave', 10_000, (e) => e.userId === id(p));
  p.socket.disconnect();
  await left;
}

describe('GET /v1/people', () => {
  it('lists friends online first, then offline ones with their status', async () => {
    const [me, zed, amy] = await Promise.all([online(), online(), online()]);
    for (const f of [zed, amy])
      await rest(me, 'POST', '/v1/users/add-friend', { userId: id(me), friendId: id(f) });
    await leave(amy, me);
    const { friends } = await people(me);
    expect(friends.map((f) => [f._id, f.online, f.friend])).toEqual([
      [id(zed), true, true],
      [id(amy), false, true],
    ]);
    // the online list knows only who is here; the friends list still has amy
    const onlineNow = await rest<{ onlineUsers: OnlineUser[] }>(me, 'GET', '/v1/online-users');
    expect(onlineNow.body.onlineUsers.map((u) => u._id)).not.toContain(id(amy));
    zed.socket.disconnect();
    me.socket.disconnect();
  });

  it('lists whom I blocked, offline too, until I unblock them', async () => {
    const [me, bob] = await Promise.all([online(), online()]);
    await rest(me, 'POST', '/v1/users/block-user', { userIdOne: id(me), userIdTwo: id(bob) });
    await leave(bob, me);
    const before = await people(me);
    expect(before.blocked).toEqual([
      expect.objectContaining({ _id: id(bob), blocked: true, online: false, friend: false }),
    ]);
    // bob sees nobody he blocked: the list is one-way
    const bobAgain = { ...bob, socket: await socketFor(t.url, bob.login.token.accessToken) };
    expect((await people(bobAgain)).blocked).toEqual([]);
    const unblocked = await rest(me, 'POST', '/v1/users/unblock-user', {
      userIdOne: id(me),
      userIdTwo: id(bob),
    });
    expect(unblocked.status).toBe(200);
    expect((await people(me)).blocked).toEqual([]);
    bobAgain.socket.disconnect();
    me.socket.disconnect();
  });

  it('keeps the unread chat of a player who left, newest first, until it is read', async () => {
    const [me, ann, ben] = await Promise.all([online(), online(), online()]);
    for (const [from, text] of [
      [ann, 'hello'],
      [ann, 'are you there?'],
      [ben, 'good game'],
    ] as const) {
      const sent = await rest(from, 'POST', '/v1/send-chat', {
        fromId: id(from),
        toId: id(me),
        message: text,
      });
      expect(sent.status).toBe(200);
    }
    await leave(ann, me);
    const { unread } = await people(me);
    expect(unread.map((p) => [p._id, p.unread, p.online])).toEqual([
      [id(ben), 1, true],
      [id(ann), 2, false],
    ]);
    // the conversation opens although ann is gone, and reading it takes her off the list
    const history = await rest<{ messages: { message: string }[] }>(
      me,
      'GET',
      `/v1/get-chat-messages?id1=${id(me)}&id2=${id(ann)}`,
    );
    expect(history.body.messages.map((m) => m.message)).toEqual(['hello', 'are you there?']);
    await rest(me, 'POST', '/v1/chat/read', { userId: id(ann) });
    expect((await people(me)).unread.map((p) => p._id)).toEqual([id(ben)]);
    // and a reply reaches her while she is offline, for when she comes back
    const reply = await rest(me, 'POST', '/v1/send-chat', {
      fromId: id(me),
      toId: id(ann),
      message: 'see you',
    });
    expect(reply.status).toBe(200);
    ben.socket.disconnect();
    me.socket.disconnect();
  });

  it('leaves out deleted accounts and needs a signed-in player', async () => {
    const [me, gone] = await Promise.all([online(), online()]);
    await rest(me, 'POST', '/v1/users/add-friend', { userId: id(me), friendId: id(gone) });
    await t.server.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, id(gone)));
    expect((await people(me)).friends).toEqual([]);
    const anonymous = await api<{ message: string }>(t.url, 'GET', '/v1/people');
    expect(anonymous.status).toBe(401);
    gone.socket.disconnect();
    me.socket.disconnect();
  });
});

describe("'In a game' ends with the player's last socket", () => {
  const inGameSince = async (p: Player) => {
    const [row] = await t.server.database.db
      .select({ since: users.inGameSince })
      .from(users)
      .where(eq(users.id, id(p)));
    return row?.since ?? null;
  };

  it('a closed tab on /game makes the player idle again, and the others are told', async () => {
    const [me, friend] = await Promise.all([online(), online()]);
    await rest(friend, 'POST', '/v1/users/add-friend', { userId: id(friend), friendId: id(me) });
    // a second tab of mine: closing one of two keeps me in the game
    const secondTab = await socketFor(t.url, me.login.token.accessToken);
    await ask(secondTab, 'subscribe', { channel: 'presence-users' });
    const told = nextEvent(friend.socket, 'route-update-ingame');
    expect((await rest(me, 'POST', '/v1/pusher/ingamecheck', { userId: id(me), inGame: true })).status).toBe(
      200,
    );
    await told;
    expect((await people(friend)).friends[0]).toMatchObject({ _id: id(me), inGame: true, online: true });

    me.socket.disconnect();
    // past the grace period with one tab left: still in the game
    await new Promise((r) => setTimeout(r, 600));
    expect(await inGameSince(me)).not.toBeNull();

    const idle = nextEvent<{ userId: string }>(
      friend.socket,
      'route-update-idealgame',
      10_000,
      (e) => e.userId === id(me),
    );
    secondTab.disconnect();
    await idle;
    expect(await inGameSince(me)).toBeNull();
    expect((await people(friend)).friends[0]).toMatchObject({ _id: id(me), inGame: false, online: false });
    friend.socket.disconnect();
  });
});
