import type { InviteView } from '@sayspell/core/protocol/social';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, topicPlays } from '../src/db/schema.ts';
import { api, ask, nextEvent, startServer, type TestServer } from './harness.ts';
import { type Player, player } from './partnered.ts';

// issue 15 item 8: an invite carries a topic (My Topics, Trending Topics, Enterprise Topics) the
// way the solo setup does; the receiver sees the topic before accepting, and the game accepted is
// made of that topic's words

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t?.close());

type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };
const id = (p: Player) => p.login.user._id;

async function online(): Promise<Player> {
  const p = await player(t.url);
  expect((await ask(p.socket, 'subscribe', { channel: `private-invite-${id(p)}` })).ok).toBe(true);
  return p;
}

describe('an invite with a topic', () => {
  it('shows the receiver its topic, and accepting makes a game of that topic', async () => {
    const [a, b] = await Promise.all([online(), online()]);
    const shown = nextEvent<InviteView>(b.socket, 'invite');
    const sent = await ask<Ack<{ inviteId: string }>>(a.socket, 'invite', {
      to: id(b),
      settings: {
        category: 'category_custom',
        topic: '  Music  ',
        role: 'speller',
        difficulty: 'intermediate',
      },
    });
    if (!sent.ok) throw new Error(sent.error.message);
    // before answering, the receiver reads what they would play
    expect(await shown).toMatchObject({
      _id: sent.inviteId,
      role: 'Speller',
      category: 'Custom',
      settings: { category: 'category_custom', role: 'speller', topic: 'Music' },
    });
    // a reloaded tab gets the same from the pending list
    const pending = await api<{ received: InviteView[] }>(t.url, 'GET', '/v1/invites', {
      token: b.login.token.accessToken,
    });
    expect(pending.body.received[0]?.settings.topic).toBe('Music');

    const accepted = await ask<Ack<{ gameId: string }>>(b.socket, 'invite-response', {
      inviteId: sent.inviteId,
      response: true,
    });
    if (!accepted.ok) throw new Error(accepted.error.message);
    const db = t.server.database.db;
    const [game] = await db.select().from(games).where(eq(games.id, accepted.gameId));
    // the sender chose speller: the receiver speaks
    expect(game).toMatchObject({
      solo: false,
      speakerId: id(b),
      spellerId: id(a),
      difficulty: 'intermediate',
    });
    expect(game?.words).toHaveLength(20);
    const [play] = await db.select().from(topicPlays).where(eq(topicPlays.gameId, accepted.gameId));
    expect(play?.topic).toBe('music');
    a.socket.disconnect();
    b.socket.disconnect();
  });
});
