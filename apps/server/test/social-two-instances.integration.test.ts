import { randomUUID } from 'node:crypto';
import type { ChatMessage, InviteView, OnlineUser } from '@sayspell/core/protocol/social';
import { describe, expect, it } from 'vitest';
import { api, ask, guest, nextEvent, onPostgres, serverPool, socketFor } from './harness.ts';

// presence, invites and chat between players connected to two instances on one PostgreSQL and
// one Redis: nothing social lives in one process's memory

const start = serverPool();

describe.skipIf(!onPostgres)('social across two instances', () => {
  it('sees who is online on the other instance, and invites and chats across', async () => {
    const env = { REDIS_PREFIX: `test-social-${randomUUID().slice(0, 8)}` };
    const a = await start({ env });
    const b = await start({ env });
    const alice = await guest(a.url);
    const bob = await guest(b.url);
    const onA = await socketFor(a.url, alice.token.accessToken);
    const onB = await socketFor(b.url, bob.token.accessToken);
    await ask(onB, 'subscribe', { channel: `private-invite-${bob.user._id}` });
    await ask(onA, 'subscribe', { channel: 'presence-users' });
    const bobArrives = nextEvent<{ userId: string }>(onA, 'member-added');
    const members = await ask<{ ok: true; members: string[] }>(onB, 'subscribe', {
      channel: 'presence-users',
    });
    expect(members.members).toEqual(expect.arrayContaining([alice.user._id, bob.user._id]));
    expect((await bobArrives).userId).toBe(bob.user._id);

    const list = await api<{ onlineUsers: OnlineUser[] }>(a.url, 'GET', '/v1/online-users', {
      token: alice.token.accessToken,
    });
    expect(list.body.onlineUsers.map((u) => u._id)).toContain(bob.user._id);

    // invite sent to instance A, delivered by instance B, accepted on B, answered on A
    const invited = nextEvent<InviteView>(onB, 'invite');
    const sent = await ask<{ ok: true; inviteId: string }>(onA, 'invite', {
      to: bob.user._id,
      settings: { category: 'category_animals', role: 'either' },
    });
    expect((await invited)._id).toBe(sent.inviteId);
    const answer = nextEvent<{ gameId: string }>(onA, 'invite-response');
    const accepted = await ask<{ ok: true; gameId: string }>(onB, 'invite-response', {
      inviteId: sent.inviteId,
      response: true,
    });
    expect((await answer).gameId).toBe(accepted.gameId);

    const chat = nextEvent<ChatMessage>(onB, 'message');
    await api(a.url, 'POST', '/v1/send-chat', {
      token: alice.token.accessToken,
      body: { fromId: alice.user._id, toId: bob.user._id, message: 'hi from A' },
    });
    expect((await chat).message).toBe('hi from A');

    const left = nextEvent<{ userId: string }>(onA, 'user-leave');
    onB.disconnect();
    expect((await left).userId).toBe(bob.user._id);
    onA.disconnect();
  });
});
