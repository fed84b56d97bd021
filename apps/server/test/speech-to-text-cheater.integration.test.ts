import fs from 'node:fs';
import path from 'node:path';
import type { GameView } from '@sayspell/core/protocol/game';
import { afterAll, describe, expect, it } from 'vitest';
import { pocketsphinxAvailable } from '../src/providers/stt/pocketsphinx.ts';
import { guest, serverPool } from './harness.ts';
import { partneredGame, player, startTogether } from './partnered.ts';

// issue 13: the speller plays the game's audio into the pronunciation check with every candidate
// word of the game's category and difficulty (the word bank is public) and ranks the answers, as
// themselves and as a second account. nothing may answer: the server checks only its own current
// word, and only for that game's speaker.

const start = serverPool();
const bank = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../data/words/en.json'), 'utf8')) as {
    words: { word: string; category: string; difficulty: string }[];
  }
).words;

describe.runIf(pocketsphinxAvailable())('a cheating speller and speech-to-text', () => {
  const sockets: { disconnect(): void }[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('finds no word by ranking candidates against the game audio', async () => {
    const t = await start({ env: { STT_PROVIDER: 'pocketsphinx' } });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    sockets.push(speaker.socket, speller.socket);
    const game = await partneredGame(t.url, speaker, speller);
    const views = (await startTogether(game, speaker, speller)) as { speaker: GameView; speller: GameView };
    const secret = views.speaker.current!.word!;
    const link = views.speller.current?.audio;
    expect(link).toBeTruthy();
    const audio = new Uint8Array(await (await fetch(`${t.url}${link}`)).arrayBuffer());

    // the candidates a cheater would try: the game's category and difficulty in the public bank.
    // twelve of them (the word among them) keep the test short; a real cheater tries them all
    const pool = bank
      .filter((w) => `category_${w.category}` === game.category && w.difficulty === game.difficulty)
      .map((w) => w.word)
      .filter((w) => /^[a-z'-]+$/.test(w) && w !== secret)
      .sort()
      .slice(0, 11);
    const candidates = [...pool, secret].sort();
    expect(candidates.length).toBeGreaterThan(5);

    const stranger = await guest(t.url);
    const callers = [speller.login.token.accessToken, stranger.token.accessToken];
    const answers: { word: string; status: number; match?: boolean; confidence?: number }[] = [];
    for (const token of callers) {
      for (const word of candidates) {
        const form = new FormData();
        form.append('wavfile', new Blob([audio], { type: 'audio/wav' }), 'word.wav');
        form.append('word', word);
        form.append('gameId', game._id);
        form.append('index', String(views.speller.currentIndex));
        const res = await fetch(`${t.url}/v1/google/speech-to-text`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const body = (await res.json()) as { data?: { match: boolean; confidence: number } };
        answers.push({ word, status: res.status, ...body.data });
      }
    }
    const ranked = answers
      .filter((a) => a.status === 200 && a.match)
      .sort((a, b) => (b.confidence ?? 0) - (a.confidence ?? 0));
    const guess = ranked[0]?.word;
    expect(guess, `the cheater's best guess was "${guess}" (the word is "${secret}")`).toBeUndefined();
    // refused outright: the speller is not the speaker, the stranger not a player
    expect(answers.every((a) => a.status === 403)).toBe(true);
  }, 120_000);
});
