import type { InviteOutcome } from '@sayspell/core/protocol/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ask, startServer, type TestServer } from './harness.ts';
import { type Player, player } from './partnered.ts';

// GET /v1/invites/:id (issue 15 item 3): the sender who missed the answer (a dropped network, its
// own 30 s run out) asks where the invite stands; only the two players of the invite may ask

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t?.close());

const id = (p: Player) => p.login.user._id;
type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };
const settings = { category: 'category_animals', role: 'speaker' };

async function online(): Promise<Player> {
  const p = await player(t.url);
  expect((await ask(p.socket, 'subscribe', { channel: `private-invite-${id(p)}` })).ok).toBe(true);
  return p;
}
async function invite(from: Player, to: Player): Promise<string> {
  const sent = await ask<Ack<{ inviteId: string }>>(from.socket, 'invite', { to: id(to), settings });
  if (!sent.ok) throw new Error(sent.error.message);
  return sent.inviteId;
}
const outcome = (p: Player, inviteId: string) =>
  api<InviteOutcome>(t.url, 'GET', `/v1/invites/${inviteId}`, { token: p.login.token.accessToken });

describe('where an invite stands', () => {
  it('pending, then declined with its reason, as the sender and the receiver see it', async () => {
    const [a, b, stranger] = [await online(), await online(), await online()];
    const inviteId = await invite(a, b);
    const open = await outcome(a, inviteId);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ inviteId, status: 'pending', reason: null, gameId: null });
    expect((await outcome(stranger, inviteId)).status).toBe(404);

    expect((await ask(b.socket, 'invite-response', { inviteId, response: false, type: 'ingame' })).ok).toBe(
      true,
    );
    expect((await outcome(a, inviteId)).body).toMatchObject({ status: 'declined', reason: 'ingame' });
    expect((await outcome(b, inviteId)).body).toMatchObject({ status: 'declined', reason: 'ingame' });
  });

  it('accepted, with the game it made', async () => {
    const [a, b] = [await online(), await online()];
    const inviteId = await invite(a, b);
    const accepted = await ask<Ack<{ gameId: string }>>(b.socket, 'invite-response', {
      inviteId,
      response: true,
    });
    if (!accepted.ok) throw new Error(accepted.error.message);
    expect((await outcome(a, inviteId)).body).toMatchObject({ status: 'accepted', gameId: accepted.gameId });
  });

  it('refuses what is not an invite id with a sentence', async () => {
    const a = await online();
    const bad = await api<{ message: string }>(t.url, 'GET', '/v1/invites/nope', {
      token: a.login.token.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('That is not an invite id.');
  });
});
