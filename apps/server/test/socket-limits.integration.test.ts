import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registeredUser } from './accounts.ts';
import {
  api,
  ask,
  type ClientSocket,
  guest,
  nextEvent,
  serverPool,
  socketFor,
  soloGameBody,
  type TestServer,
} from './harness.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// one user cannot open sockets without end, one socket cannot flood another player, a block
// stops every relayed event, and the clock the game screen asks for every second is not a query

let smtp: SmtpPeer;
let t: TestServer;
const start = serverPool();

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await start({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await smtp?.close();
});

type Ack = { ok: boolean; error?: { code: string; message: string } };

function tryConnect(token: string) {
  const socket: ClientSocket = connect(t.url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise<{ socket: ClientSocket; error?: Error & { data?: { message?: string } } }>((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, error }));
  });
}

describe('connections per user', () => {
  it('refuses the 11th socket of one user with a sentence, and takes one again once a tab closes', async () => {
    const me = await guest(t.url);
    const open: ClientSocket[] = [];
    for (let i = 0; i < 10; i++) open.push(await socketFor(t.url, me.token.accessToken));
    const refused = await tryConnect(me.token.accessToken);
    expect(refused.error?.message).toBe('too-many-connections');
    expect(refused.error?.data?.message).toMatch(/10 connections open already/);
    // another user is not affected
    const other = await guest(t.url);
    (await socketFor(t.url, other.token.accessToken)).close();

    open.pop()?.close();
    await expect
      .poll(async () => {
        const again = await tryConnect(me.token.accessToken);
        again.socket.close();
        return again.error?.message ?? 'connected';
      })
      .toBe('connected');
    for (const s of open) s.close();
  });
});

describe('events per socket', () => {
  it('delivers at most the budget of 100 typing events sent at once and refuses the rest with a sentence', async () => {
    const [spammer, victim] = [await guest(t.url), await guest(t.url)];
    const victimSocket = await socketFor(t.url, victim.token.accessToken);
    let delivered = 0;
    victimSocket.on('typing', () => {
      delivered++;
    });
    const socket = await socketFor(t.url, spammer.token.accessToken);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        ask<Ack>(socket, 'typing', { to: victim.user._id, typing: i % 2 === 0 }),
      ),
    );
    const passed = answers.filter((a) => a.ok).length;
    // a burst of 30, and 10 a second after it
    expect(passed).toBeLessThanOrEqual(45);
    const refused = answers.filter((a) => a.error?.code === 'RATE_LIMITED');
    expect(refused).toHaveLength(100 - passed);
    expect(refused[0]?.error?.message).toBe('Too many events: send at most 10 a second.');
    await expect.poll(() => delivered).toBe(passed);
    socket.close();
    victimSocket.close();
  });

  it('disconnects a socket that keeps flooding', async () => {
    const [spammer, victim] = [await guest(t.url), await guest(t.url)];
    const socket = await socketFor(t.url, spammer.token.accessToken);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const raw = socket as unknown as { emit(e: string, p: unknown): void };
    for (let i = 0; i < 400; i++) raw.emit('user-info-request', { to: victim.user._id });
    expect(await gone).toBe('io server disconnect');
  });
});

describe('blocks', () => {
  const block = (who: LoginAnswer, other: LoginAnswer) =>
    api(t.url, 'POST', '/v1/users/block-user', {
      token: who.token.accessToken,
      body: { userIdOne: who.user._id, userIdTwo: other.user._id },
    });

  it('stop user-info requests and answers both ways; others still reach the player', async () => {
    const [victim, blocked, friend] = [
      await registeredUser(t.url, smtp),
      await registeredUser(t.url, smtp),
      await registeredUser(t.url, smtp),
    ];
    const res = await block(victim, blocked);
    expect(res.status, res.text).toBe(200);
    const victimSocket = await socketFor(t.url, victim.token.accessToken);
    const blockedSocket = await socketFor(t.url, blocked.token.accessToken);
    const friendSocket = await socketFor(t.url, friend.token.accessToken);
    const heard: string[] = [];
    victimSocket.onAny((event, payload) => heard.push(`${event} ${payload?.from}`));

    const request = await ask<Ack>(blockedSocket, 'user-info-request', { to: victim.user._id });
    expect(request.error?.code).toBe('BLOCKED');
    const response = await ask<Ack>(blockedSocket, 'user-info-response', {
      to: victim.user._id,
      info: { inGame: false },
    });
    expect(response.error?.code).toBe('BLOCKED');
    const typing = await ask<Ack>(blockedSocket, 'typing', { to: victim.user._id, typing: true });
    expect(typing.error?.code).toBe('BLOCKED');
    // the one who blocked cannot poke either
    const back = await ask<Ack>(victimSocket, 'user-info-request', { to: blocked.user._id });
    expect(back.error?.code).toBe('BLOCKED');

    // a later event from someone else arrives; nothing from the blocked player came before it
    const fromFriend = nextEvent<{ from: string }>(victimSocket, 'user-info-request');
    expect((await ask<Ack>(friendSocket, 'user-info-request', { to: victim.user._id })).ok).toBe(true);
    expect((await fromFriend).from).toBe(friend.user._id);
    expect(heard.filter((h) => h.endsWith(blocked.user._id))).toEqual([]);
    for (const s of [victimSocket, blockedSocket, friendSocket]) s.close();
  });
});

describe('timer-sync', () => {
  it('asks the database once per game, not once per call', async () => {
    const me = await guest(t.url);
    const game = await api<{ _id: string }>(t.url, 'POST', '/v1/game', {
      token: me.token.accessToken,
      body: soloGameBody(me.user._id),
    });
    const socket = await socketFor(t.url, me.token.accessToken);
    expect((await ask<Ack>(socket, 'timer-sync', { gameId: game.body._id })).ok).toBe(true);
    const client = (t.server.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
      .$client;
    const queries = vi.spyOn(client, 'query');
    try {
      for (let i = 0; i < 20; i++) {
        const answer = await ask<Ack & { timestamp: number }>(socket, 'timer-sync', {
          gameId: game.body._id,
        });
        expect(answer.timestamp).toBeGreaterThan(0);
      }
      // the deadline sweep may run once meanwhile
      expect(queries.mock.calls.length).toBeLessThan(5);
    } finally {
      queries.mockRestore();
    }
    // a stranger is still refused
    const stranger = await guest(t.url);
    const other = await socketFor(t.url, stranger.token.accessToken);
    expect((await ask<Ack>(other, 'timer-sync', { gameId: game.body._id })).error?.code).toBe(
      'CHANNEL_FORBIDDEN',
    );
    socket.close();
    other.close();
  });
});
