import type {
  ChatMessage,
  InviteCancel,
  InviteResponse,
  InviteView,
  OnlineUser,
} from '@sayspell/core/protocol/social';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../src/db/schema.ts';
import {
  api,
  ask,
  confirmEula,
  nextEvent,
  soloGameBody,
  startServer,
  type TestServer,
  testClock,
} from './harness.ts';
import { type Player, player } from './partnered.ts';

// invites, chat, friends, blocking and presence with three and more real clients

const clock = testClock();
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ clock });
});
afterAll(() => t?.close());

const settings = { category: 'category_animals', role: 'speaker' };
type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };

/** a guest online with its private and invite channels and the online-users list */
async function online(): Promise<Player> {
  const p = await player(t.url);
  for (const channel of [`private-invite-${p.login.user._id}`, 'presence-users']) {
    const ack = await ask(p.socket, 'subscribe', { channel });
    expect(ack.ok).toBe(true);
  }
  return p;
}
const id = (p: Player) => p.login.user._id;
const invite = (from: Player, to: Player, s: object = settings) =>
  ask<Ack<{ inviteId: string; expiresAt: number }>>(from.socket, 'invite', { to: id(to), settings: s });
const respond = (p: Player, inviteId: string, response: boolean, type?: 'ingame') =>
  ask<Ack<{ gameId?: string }>>(p.socket, 'invite-response', {
    inviteId,
    response,
    ...(type ? { type } : {}),
  });
const rest = <T>(p: Player, method: string, path: string, body?: unknown) =>
  api<T>(t.url, method, path, { token: p.login.token.accessToken, body });

function okAck<T>(a: Ack<T>): T {
  if (!a.ok) throw new Error(`${a.error.code}: ${a.error.message}`);
  return a as T;
}

describe('invites', () => {
  it('accept makes one partnered game for both, with the sender in the role they chose', async () => {
    const [a, b] = [await online(), await online()];
    const received = nextEvent<InviteView>(b.socket, 'invite');
    const { inviteId } = okAck(await invite(a, b));
    const shown = await received;
    expect(shown).toMatchObject({
      _id: inviteId,
      user: { _id: id(a), username: a.login.user.username },
      role: 'Speaker',
      category: 'Animals',
      settings: { category: 'category_animals', role: 'speaker' },
    });
    expect(shown.expiresAt - shown.createdAt).toBe(30_000);

    const toSender = nextEvent<InviteResponse>(a.socket, 'invite-response');
    const toReceiver = nextEvent<{ gameId: string }>(b.socket, 'invite-response-game');
    const { gameId } = okAck(await respond(b, inviteId, true));
    expect((await toSender).gameId).toBe(gameId);
    expect((await toReceiver).gameId).toBe(gameId);
    const game = await rest<{ data: { speaker: { _id: string }; speller: { _id: string }; solo: boolean } }>(
      a,
      'GET',
      `/v1/game/${gameId}`,
    );
    expect(game.body.data).toMatchObject({ solo: false, speaker: { _id: id(a) }, speller: { _id: id(b) } });

    // a second accept (another tab, a double click) makes nothing more
    const again = await respond(b, inviteId, true);
    expect(again.ok).toBe(false);
  });

  it('accepting a custom-topic invite makes a game of words about the topic', async () => {
    const [a, b] = [await online(), await online()];
    const custom = { category: 'category_custom', topic: 'weather', role: 'speller' };
    const { inviteId } = okAck(await invite(a, b, custom));
    const { gameId } = okAck(await respond(b, inviteId, true));
    const [row] = await t.server.database.db.select().from(games).where(eq(games.id, gameId!));
    expect(row).toMatchObject({
      category: 'category_custom',
      solo: false,
      spellerId: id(a),
      speakerId: id(b),
    });
    expect(row?.words).toHaveLength(20);
    expect(row?.words.map((w) => w.word)).toContain('rain');
  });

  it('refuses a second invite for the same pair while one is pending, and invites to oneself', async () => {
    const [a, b] = [await online(), await online()];
    okAck(await invite(a, b));
    const twice = await invite(a, b);
    expect(twice.ok || twice.error.code).toBe('PENDING');
    const back = await invite(b, a);
    expect(back.ok || back.error.code).toBe('PENDING');
    const self = await ask<Ack>(a.socket, 'invite', { to: id(a), settings });
    expect(self.ok).toBe(false);
  });

  it('two invites to one player: accepting one refuses the other', async () => {
    const [a, b, c] = [await online(), await online(), await online()];
    const fromA = okAck(await invite(a, b));
    const fromC = okAck(await invite(c, b));
    const list = await rest<{ received: InviteView[] }>(b, 'GET', '/v1/invites');
    expect(list.body.received.map((i) => i._id)).toEqual([fromA.inviteId, fromC.inviteId]);

    const refused = nextEvent<InviteResponse>(c.socket, 'invite-response');
    okAck(await respond(b, fromA.inviteId, true));
    expect(await refused).toMatchObject({ inviteId: fromC.inviteId, response: false });
    const late = await respond(b, fromC.inviteId, true);
    expect(late.ok).toBe(false);
    expect((await rest<{ received: InviteView[] }>(b, 'GET', '/v1/invites')).body.received).toEqual([]);
  });

  it('a cancelled invite disappears for the receiver', async () => {
    const [a, b] = [await online(), await online()];
    const { inviteId } = okAck(await invite(a, b));
    const cancelled = nextEvent<InviteCancel>(b.socket, 'invite-cancel');
    okAck(await ask(a.socket, 'invite-cancel', { inviteId }));
    expect(await cancelled).toMatchObject({ inviteId, reason: 'cancelled' });
    expect((await respond(b, inviteId, true)).ok).toBe(false);
    // only the sender can cancel
    const other = okAck(await invite(a, b));
    expect((await ask<Ack>(b.socket, 'invite-cancel', { inviteId: other.inviteId })).ok).toBe(false);
  });

  it('expires after 30 s on the server, even when the sender has gone', async () => {
    const [a, b] = [await online(), await online()];
    const { inviteId } = okAck(await invite(a, b));
    a.socket.disconnect();
    // the sweep (every 2 s) also expires what earlier files left pending in a shared database: room for it
    const timedOut = nextEvent<InviteCancel>(b.socket, 'invite-cancel', 30_000);
    clock.advance(31_000);
    try {
      expect(await timedOut).toMatchObject({ inviteId, reason: 'timeout' });
    } finally {
      clock.advance(-31_000);
    }
    expect((await respond(b, inviteId, true)).ok).toBe(false);
  });

  it('cannot be accepted once its 30 s are over, even before the timer or the sweep ends it', async () => {
    const [a, b] = [await online(), await online()];
    const { inviteId } = okAck(await invite(a, b));
    const answered = nextEvent<InviteResponse>(a.socket, 'invite-response', 30_000);
    clock.advance(31_000);
    try {
      const late = await respond(b, inviteId, true);
      expect(late.ok || late.error).toEqual({ code: 'CONFLICT', message: 'This invite has timed out.' });
      expect(await answered).toMatchObject({ inviteId, response: false, type: 'timeout' });
    } finally {
      clock.advance(-31_000);
    }
  });

  it('a player in a game is busy; a refusal on /game reaches the sender as in-game', async () => {
    const [a, b] = [await online(), await online()];
    await rest(b, 'POST', '/v1/pusher/ingamecheck', { userId: id(b), inGame: true });
    const busy = await invite(a, b);
    expect(busy.ok || busy.error).toEqual({
      code: 'BUSY',
      message: 'Player is Busy. Please try them later.',
    });
    await rest(b, 'POST', '/v1/pusher/ingamecheck', { userId: id(b), inGame: false });

    const { inviteId } = okAck(await invite(a, b));
    const declined = nextEvent<InviteResponse>(a.socket, 'invite-response');
    okAck(await respond(b, inviteId, false, 'ingame'));
    expect(await declined).toMatchObject({ inviteId, response: false, type: 'ingame' });
  });

  it('refuses invites to players who are not online', async () => {
    const a = await online();
    const gone = await online();
    gone.socket.disconnect();
    await new Promise((r) => setTimeout(r, 300));
    const res = await invite(a, gone);
    expect(res.ok || res.error.code).toBe('OFFLINE');
  });

  it('works through POST /v1/pusher/send as well', async () => {
    const [a, b] = [await online(), await online()];
    const received = nextEvent<InviteView>(b.socket, 'invite');
    const sent = await rest<{ inviteId: string }>(a, 'POST', '/v1/pusher/send', {
      channel: `private-invite-${id(b)}`,
      subject: 'invite',
      message: { settings },
    });
    expect(sent.status).toBe(200);
    expect((await received)._id).toBe(sent.body.inviteId);
    const bad = await rest(a, 'POST', '/v1/pusher/send', {
      channel: 'presence-users',
      subject: 'invite',
      message: {},
    });
    expect(bad.status).toBe(400);
  });
});

describe('blocking', () => {
  it("stops a blocked user's invites and chat on the server, tells them, and lifts with unblock", async () => {
    const [a, b] = [await online(), await online()];
    const told = nextEvent<{ userId: string; blocked: boolean }>(b.socket, 'block-user');
    const blocked = await rest<{ iBlocked: string[] }>(a, 'POST', '/v1/users/block-user', {
      userIdOne: id(a),
      userIdTwo: id(b),
    });
    expect(blocked.body.iBlocked).toEqual([id(b)]);
    expect(await told).toMatchObject({ userId: id(a), blocked: true });

    // b's client is told; b sends anyway, straight to the server
    const inv = await invite(b, a);
    expect(inv.ok || inv.error.code).toBe('BLOCKED');
    const chat = await rest<{ message: string; code: string }>(b, 'POST', '/v1/send-chat', {
      fromId: id(b),
      toId: id(a),
      message: 'hello?',
    });
    expect(chat.status).toBe(403);
    expect(chat.body.message).toBe(`${a.login.user.username} blocked you`);
    const typing = await ask<Ack>(b.socket, 'typing', { to: id(a), typing: true });
    expect(typing.ok).toBe(false);

    const profile = await rest<{ usersThatBlockedMe: string[] }>(b, 'GET', '/v1/users/profile');
    expect(profile.body.usersThatBlockedMe).toEqual([id(a)]);
    const listed = await rest<{ onlineUsers: OnlineUser[] }>(b, 'POST', '/v1/profiles', { members: [id(a)] });
    expect(listed.body.onlineUsers[0]).toMatchObject({ _id: id(a), blockedMe: true });

    await rest(a, 'POST', '/v1/users/unblock-user', { userIdOne: id(a), userIdTwo: id(b) });
    expect((await invite(b, a)).ok).toBe(true);
  });

  it('a block ends the invite pending between the two', async () => {
    const [a, b] = [await online(), await online()];
    const { inviteId } = okAck(await invite(a, b));
    const gone = nextEvent<InviteCancel>(b.socket, 'invite-cancel');
    await rest(b, 'POST', '/v1/users/block-user', { userIdOne: id(b), userIdTwo: id(a) });
    expect(await gone).toMatchObject({ inviteId, reason: 'blocked' });
  });
});

describe('chat', () => {
  it('delivers in real time, keeps order, counts unread and clears them on open', async () => {
    const [a, b] = [await online(), await online()];
    const texts = ['one', '  two  ', 'three'];
    for (const text of texts) {
      const arrived = nextEvent<ChatMessage>(b.socket, 'message');
      const sent = await rest<ChatMessage>(a, 'POST', '/v1/send-chat', {
        fromId: id(a),
        toId: id(b),
        message: text,
      });
      expect(sent.status).toBe(200);
      expect(await arrived).toMatchObject({ _id: sent.body._id, message: text.trim(), from: { _id: id(a) } });
    }
    const empty = await rest(a, 'POST', '/v1/send-chat', { fromId: id(a), toId: id(b), message: '   ' });
    expect(empty.status).toBe(400);
    const forged = await rest(a, 'POST', '/v1/send-chat', { fromId: id(b), toId: id(a), message: 'as b' });
    expect(forged.status).toBe(403);

    expect((await rest<{ counts: Record<string, number> }>(b, 'GET', '/v1/chat/unread')).body.counts).toEqual(
      {
        [id(a)]: 3,
      },
    );
    const history = await rest<{ messages: ChatMessage[] }>(
      b,
      'GET',
      `/v1/get-chat-messages?id1=${id(a)}&id2=${id(b)}`,
    );
    expect(history.body.messages.map((m) => m.message)).toEqual(['one', 'two', 'three']);
    await rest(b, 'POST', '/v1/chat/read', { userId: id(a) });
    expect((await rest<{ counts: object }>(b, 'GET', '/v1/chat/unread')).body.counts).toEqual({});

    const typing = nextEvent<{ from: string; typing: boolean }>(b.socket, 'typing');
    okAck(await ask<Ack>(a.socket, 'typing', { to: id(b), typing: true }));
    expect(await typing).toEqual({ from: id(a), typing: true });
  });

  it('keeps messages across a server restart', async () => {
    const own = await startServer();
    let closed = false;
    try {
      const a = await api<{ token: { accessToken: string }; user: { _id: string } }>(
        own.url,
        'POST',
        '/v1/auth/login',
        {
          body: { strategy: 'guest' },
        },
      );
      const b = await api<{ token: { accessToken: string }; user: { _id: string } }>(
        own.url,
        'POST',
        '/v1/auth/login',
        {
          body: { strategy: 'guest' },
        },
      );
      const [ida, idb] = [a.body.user._id, b.body.user._id];
      await confirmEula(own.url, a.body);
      await api(own.url, 'POST', '/v1/send-chat', {
        token: a.body.token.accessToken,
        body: { fromId: ida, toId: idb, message: 'still here?' },
      });
      await own.close();
      closed = true;
      const again = await startServer({ dataDir: own.dataDir });
      try {
        const history = await api<{ messages: ChatMessage[] }>(
          again.url,
          'GET',
          `/v1/get-chat-messages?id1=${ida}&id2=${idb}`,
          {
            token: b.body.token.accessToken,
          },
        );
        expect(history.body.messages.map((m) => m.message)).toEqual(['still here?']);
      } finally {
        await again.close();
      }
    } finally {
      if (!closed) await own.close();
    }
  });

  it('limits a sender to 30 messages a minute, with a clear answer', async () => {
    const [a, b] = [await online(), await online()];
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await rest(a, 'POST', '/v1/send-chat', { fromId: id(a), toId: id(b), message: `m${i}` })).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const last = await rest<{ message: string }>(a, 'POST', '/v1/send-chat', {
      fromId: id(a),
      toId: id(b),
      message: 'x',
    });
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(/Too many messages/);
    const long = await rest<{ message: string }>(b, 'POST', '/v1/send-chat', {
      fromId: id(b),
      toId: id(a),
      message: 'x'.repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 500/);
  });

  it('lets nobody else read a conversation', async () => {
    const [a, b, stranger] = [await online(), await online(), await online()];
    await rest(a, 'POST', '/v1/send-chat', { fromId: id(a), toId: id(b), message: 'private' });
    const peek = await rest(stranger, 'GET', `/v1/get-chat-messages?id1=${id(a)}&id2=${id(b)}`);
    expect(peek.status).toBe(403);
  });
});

describe('online users', () => {
  it('lists who is online, friends first, and hides guests with 3 or more games', async () => {
    const me = await online();
    const zed = await online();
    const amy = await online();
    await rest(me, 'POST', '/v1/users/add-friend', { userId: id(me), friendId: id(zed) });
    const veteran = await online();
    for (let i = 0; i < 3; i++) {
      const g = await rest<{ _id: string }>(veteran, 'POST', '/v1/game', soloGameBody(id(veteran)));
      await t.server.database.db.execute(
        // played: a game that never started does not count towards the guest cap
        `update games set status = 'finished', starts_at = ${Date.now() - 60_000}, finished_at = ${Date.now()} where id = '${g.body._id}'` as never,
      );
    }
    const list = await rest<{ onlineUsers: OnlineUser[] }>(me, 'POST', '/v1/profiles', {
      members: [id(amy), id(zed), id(veteran), id(me)],
    });
    const shown = list.body.onlineUsers.map((u) => u._id);
    expect(shown[0]).toBe(id(zed));
    expect(shown).toContain(id(amy));
    expect(shown).not.toContain(id(veteran));
    expect(shown).not.toContain(id(me));
    expect(list.body.onlineUsers[0]).toMatchObject({ friend: true, role: 'guest', inGame: false });

    const everyone = await rest<{ onlineUsers: OnlineUser[] }>(me, 'GET', '/v1/online-users');
    expect(everyone.body.onlineUsers.map((u) => u._id)).toEqual(expect.arrayContaining([id(zed), id(amy)]));
  });

  it('tells the online-users channel who arrives, who leaves and who enters a game', async () => {
    const watcher = await online();
    const arrived = nextEvent<{ userId: string }>(watcher.socket, 'member-added');
    const newcomer = await online();
    expect((await arrived).userId).toBe(id(newcomer));
    const members = await ask<Ack<{ members: string[] }>>(watcher.socket, 'subscribe', {
      channel: 'presence-users',
    });
    expect(okAck(members).members).toEqual(expect.arrayContaining([id(watcher), id(newcomer)]));

    const ingame = nextEvent<{ userId: string }>(watcher.socket, 'route-update-ingame');
    await rest(newcomer, 'POST', '/v1/pusher/ingamecheck', { userId: id(newcomer), inGame: true });
    expect((await ingame).userId).toBe(id(newcomer));

    const left = nextEvent<{ userId: string }>(watcher.socket, 'user-leave');
    newcomer.socket.disconnect();
    expect((await left).userId).toBe(id(newcomer));
  });
});

describe('reports and moderation', () => {
  it('stores reports, flags and feedback; an admin sees them and can suspend the reported user', async () => {
    const [a, b] = [await online(), await online()];
    const report = await rest<{ _id: string }>(a, 'POST', '/v1/report-user', {
      userReported: id(b),
      message: 'spam',
      user: id(a),
    });
    expect(report.status).toBe(200);
    expect((await rest(a, 'POST', '/v1/flag-content', { content: 'bad words', user: id(a) })).status).toBe(
      200,
    );
    expect(
      (await rest(a, 'POST', '/v1/feedback', { subject: 'Hi', message: 'Great game', user: id(a) })).status,
    ).toBe(200);
    expect((await rest(a, 'POST', '/v1/feedback', { subject: '', message: 'x', user: id(a) })).status).toBe(
      400,
    );
    expect((await rest(a, 'POST', '/v1/report-user', { userReported: id(a), user: id(a) })).status).toBe(400);

    await t.server.database.db.execute(`update users set role = 'admin' where id = '${id(a)}'` as never);
    const refreshed = await api<{ token: { accessToken: string } }>(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: a.login.token.refreshToken },
    });
    const admin = {
      ...a,
      login: { ...a.login, token: { ...a.login.token, accessToken: refreshed.body.token.accessToken } },
    };
    const open = await rest<{ reports: { _id: string; kind: string; reported: { _id: string } | null }[] }>(
      admin,
      'GET',
      '/v1/admin/reports',
    );
    expect(open.body.reports.find((r) => r._id === report.body._id)?.reported?._id).toBe(id(b));
    const done = await rest<{ status: string }>(
      admin,
      'POST',
      `/v1/admin/reports/${report.body._id}/resolve`,
      {
        action: 'suspend',
      },
    );
    expect(done.body.status).toBe('actioned');
    // the suspended player's sessions are over
    const bRefresh = await api(t.url, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: b.login.token.refreshToken },
    });
    expect(bRefresh.status).toBe(401);
  });
});
