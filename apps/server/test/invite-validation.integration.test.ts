import type { InviteResponse } from '@sayspell/core/protocol/social';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, languages } from '../src/db/schema.ts';
import { api, ask, nextEvent, startServer, type TestServer } from './harness.ts';
import { type Player, player } from './partnered.ts';

// an invite is checked when it is sent: a game that could not be made is refused then, with a
// sentence, and nothing is stored. if the game still fails when the invite is accepted, the invite
// does not stay 'accepted' without a game and the sender hears why. one player cannot be flooded
// with invites by many senders

let t: TestServer;

beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t?.close());

type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };
const id = (p: Player) => p.login.user._id;
const good = { category: 'category_animals', role: 'speaker' };
const invite = (from: Player, to: Player, settings: object) =>
  ask<Ack<{ inviteId: string }>>(from.socket, 'invite', { to: id(to), settings });
const storedFrom = async (p: Player) =>
  t.server.database.db
    .select()
    .from(invites)
    .where(eq(invites.fromId, id(p)));

async function online(): Promise<Player> {
  const p = await player(t.url);
  expect((await ask(p.socket, 'subscribe', { channel: `private-invite-${id(p)}` })).ok).toBe(true);
  return p;
}

describe('an invite is refused when sent', () => {
  it.each([
    [
      'a negative timer',
      { gameTimer: -100 },
      'VALIDATION',
      'settings.gameTimer: gameTimer must be at least 10 seconds.',
    ],
    [
      'a zero timer',
      { gameTimer: 0 },
      'VALIDATION',
      'settings.gameTimer: gameTimer must be at least 10 seconds.',
    ],
    [
      'a timer over ten minutes',
      { gameTimer: 9999 },
      'VALIDATION',
      'settings.gameTimer: gameTimer must be at most 600 seconds.',
    ],
    [
      'a huge timer',
      { gameTimer: 1e15 },
      'VALIDATION',
      'settings.gameTimer: gameTimer must be at most 600 seconds.',
    ],
    ['a disabled language', { language: 'French' }, 'LANGUAGE_DISABLED', 'French is not available yet.'],
    [
      'an unavailable category',
      { category: 'category_sports' },
      'CATEGORY_UNAVAILABLE',
      'The category "category_sports" is not available.',
    ],
    [
      'a topic without words',
      { category: 'category_custom', topic: 'qwertyuiop' },
      'NOT_ENOUGH_WORDS',
      '"qwertyuiop" gives too few playable words for a game. Try a broader topic, e.g. "animals" or "music".',
    ],
    [
      'an enterprise topic the sender does not have',
      { category: 'category_enterprise', topic: 'Site Safety' },
      'FORBIDDEN',
      '"Site Safety" is not a topic of an enterprise you belong to.',
    ],
    [
      'a My Topics invite without its topic',
      { category: 'category_custom' },
      'VALIDATION',
      'settings.topic: A My Topics or Trending Topics invite needs its topic, e.g. "ocean animals".',
    ],
    [
      'a topic that is not words',
      { category: 'category_custom', topic: '<script>' },
      'VALIDATION',
      'settings.topic: The topic must be words: letters, spaces, hyphens.',
    ],
    [
      'an Enterprise Topics invite without its topic',
      { category: 'category_enterprise', topic: '   ' },
      'VALIDATION',
      'settings.topic: An Enterprise Topics invite needs the enterprise topic it is for.',
    ],
    [
      'a topic with a word-bank category',
      { category: 'category_animals', topic: 'ocean animals' },
      'VALIDATION',
      'settings.topic: A topic goes with category_custom or category_enterprise, not with category_animals.',
    ],
  ])('%s', async (_what, settings, code, message) => {
    const [a, b] = await Promise.all([online(), online()]);
    const answer = await invite(a, b, { ...good, ...settings });
    expect(answer).toEqual({ ok: false, error: { code, message } });
    expect(await storedFrom(a)).toEqual([]);
    a.socket.disconnect();
    b.socket.disconnect();
  });

  it('answers REST senders with a 4xx and the same sentence', async () => {
    const [a, b] = await Promise.all([online(), online()]);
    const res = await api<{ message: string }>(t.url, 'POST', '/v1/pusher/send', {
      token: a.login.token.accessToken,
      body: {
        channel: `private-invite-${id(b)}`,
        subject: 'invite',
        message: { settings: { ...good, gameTimer: 1e15 } },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('gameTimer must be at most 600 seconds.');
    a.socket.disconnect();
    b.socket.disconnect();
  });
});

describe('an accept whose game cannot be made', () => {
  it('ends the invite as failed, not accepted, and tells the sender why', async () => {
    const [a, b] = await Promise.all([online(), online()]);
    const sent = await invite(a, b, good);
    if (!sent.ok) throw new Error(sent.error.message);
    const db = t.server.database.db;
    // the language is switched off by an admin while the invite is open
    await db.update(languages).set({ enabled: false }).where(eq(languages.name, 'English'));
    try {
      const told = nextEvent<InviteResponse>(a.socket, 'invite-response');
      const accepted = await ask<Ack>(b.socket, 'invite-response', {
        inviteId: sent.inviteId,
        response: true,
      });
      expect(accepted).toEqual({
        ok: false,
        error: { code: 'LANGUAGE_DISABLED', message: 'English is not available yet.' },
      });
      expect(await told).toMatchObject({
        inviteId: sent.inviteId,
        response: false,
        type: 'failed',
        message: 'English is not available yet.',
      });
      const [row] = await storedFrom(a);
      expect(row).toMatchObject({ status: 'cancelled', reason: 'failed', gameId: null });
    } finally {
      await db.update(languages).set({ enabled: true }).where(eq(languages.name, 'English'));
    }
    a.socket.disconnect();
    b.socket.disconnect();
  });
});

describe('one player cannot be flooded', () => {
  it('takes at most 30 invites a minute for one receiver, from all senders together', async () => {
    const target = await online();
    const senders = await Promise.all(Array.from({ length: 31 }, () => online()));
    const answers: Ack<{ inviteId: string }>[] = [];
    for (const s of senders) answers.push(await invite(s, target, good));
    expect(answers.slice(0, 30).every((a) => a.ok)).toBe(true);
    const last = answers[30];
    expect(last).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
    if (last && !last.ok) {
      expect(last.error.message).toBe(
        `${target.login.user.username} has had too many invites this minute. Please try again in a minute.`,
      );
    }
    for (const p of [target, ...senders]) p.socket.disconnect();
  });
});
