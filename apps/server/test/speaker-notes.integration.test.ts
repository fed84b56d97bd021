import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from '@sayspell/data/pipeline/lexicon-dir.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, soloGameBody, startServer, type TestServer, testClock } from './harness.ts';
import { askAs, type Player, partneredGame, player, startTogether } from './partnered.ts';

// partnered play's spelling-bee asks (issue 17 item 5): the speller asks aloud, the speaker reads
// the answer out from notes on their own screen. the notes are about the speaker's word, so only
// the speaker of the game gets them, only for the word being played

let t: TestServer;
const clock = testClock();
const origins = JSON.parse(readFileSync(path.join(DATA_DIR, 'words', 'en-origins.json'), 'utf8')) as Record<
  string,
  string
>;
beforeAll(async () => {
  t = await startServer({ clock });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const notes = (token: string, query: string) =>
  fetch(`${t.url}/v1/learning/speaker-notes?${query}`, { headers: { authorization: `Bearer ${token}` } });

describe('speaker notes', () => {
  let speaker: Player;
  let speller: Player;
  afterAll(() => {
    speaker?.socket.disconnect();
    speller?.socket.disconnect();
  });

  it("give the speaker the word's part of speech, origin, definition and sentence, and nobody else anything", async () => {
    speaker = await player(t.url);
    speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller, { category: 'category_animals' });
    const views = await startTogether(game, speaker, speller);
    const word = views.speaker.current?.word as string;
    expect(word).toBeTruthy();
    const speakerToken = speaker.login.token.accessToken;
    const spellerToken = speller.login.token.accessToken;

    const res = await notes(speakerToken, `gameId=${game._id}&index=0`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const got = (await res.json()) as Record<string, unknown>;
    expect(got.index).toBe(0);
    expect(got.partOfSpeech).toMatch(/^(noun|verb|adjective|adverb)$/);
    // the language of origin where the bank knows it, as a language name only
    expect(Object.keys(got)).toContain('origin');
    expect(got.origin).toBe(origins[word] ?? null);
    expect(typeof got.definition).toBe('string');
    expect((got.definition as string).length).toBeGreaterThan(5);
    expect(got.sentence === null || typeof got.sentence === 'string').toBe(true);

    // the speller, a stranger: refused, with a sentence, and nothing of the word in it
    for (const token of [spellerToken, (await guest(t.url)).token.accessToken]) {
      const refused = await notes(token, `gameId=${game._id}&index=0`);
      expect(refused.status).toBe(403);
      const text = await refused.text();
      expect(text.toLowerCase()).not.toContain(word.toLowerCase());
      if (token === spellerToken) expect(text).toContain('the speller asks the speaker');
    }

    // only the word being played, and a readable 400 for a bad query
    expect((await notes(speakerToken, `gameId=${game._id}&index=4`)).status).toBe(409);
    const bad = await notes(speakerToken, `gameId=${game._id}&index=first`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(
      /index must be the current word index/,
    );
    expect((await notes(speakerToken, 'index=0')).status).toBe(400);
    expect((await notes(speakerToken, `gameId=${game._id}&index=0&word=x`)).status).toBe(400);

    // the next word (past the countdown): notes for it, the last one's are over
    clock.advance(5000);
    const guessed = await askAs(speller, 'guess-word', { gameId: game._id, index: 0, guess: 'qxqxq' });
    expect(guessed.ok).toBe(true);
    expect((await notes(speakerToken, `gameId=${game._id}&index=0`)).status).toBe(409);
    const next = await notes(speakerToken, `gameId=${game._id}&index=1`);
    expect(next.status).toBe(200);
    expect(((await next.json()) as { index: number }).index).toBe(1);
  });

  it('are refused in a solo game, whose player is its speller', async () => {
    const solo = await player(t.url);
    const created = await fetch(`${t.url}/v1/game`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${solo.login.token.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(soloGameBody(solo.login.user._id)),
    });
    expect(created.status).toBeLessThan(300);
    const data = (await created.json()) as { _id: string };
    expect((await notes(solo.login.token.accessToken, `gameId=${data._id}&index=0`)).status).toBe(403);
    solo.socket.disconnect();
  });
});
