import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createGameAudio } from './game-audio.ts';
import { analyseSpeech } from './speech-checks.ts';
import { createFliteSynthesizer, findExecutable } from './system-command.ts';
import { MIN_LENGTH_MS } from './variation.ts';

// the game's word audio on the real flite engine: every render of a word is a different file of
// the same padded length, each one still clearly the spoken word

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!findExecutable('flite'))('game audio', () => {
  const flite = createFliteSynthesizer();

  it('renders the same word differently for every game, at one padded length', async () => {
    const audio = createGameAudio(flite);
    const renders = await Promise.all(
      ['game-a', 'game-b', 'game-c'].map(async (id) => (await audio.get(id, 'turn-0', 'giraffe')).data),
    );
    const plain = await flite.synthesize('giraffe', 'en-us');
    expect(new Set([...renders, plain].map(sha)).size).toBe(4);
    expect(new Set(renders.map((r) => r.length)).size).toBe(1);
    for (const r of renders) {
      const speech = analyseSpeech(r);
      expect(speech.durationMs).toBe(MIN_LENGTH_MS);
      // the word is all there: about as much voiced time as the engine's own file
      expect(speech.voicedMs).toBeGreaterThan(0.7 * analyseSpeech(plain).voicedMs);
    }
  });

  it('keeps one render per turn, prepared ahead, until the turn moves on', async () => {
    const audio = createGameAudio(flite);
    audio.prepare('game-a', 'turn-0', 'zebra');
    const first = await audio.get('game-a', 'turn-0', 'zebra');
    expect(sha((await audio.get('game-a', 'turn-0', 'zebra')).data)).toBe(sha(first.data));
    audio.prepare('game-a', 'turn-1', 'otter');
    audio.forget('game-a', 'turn-1');
    expect(audio.size).toBe(1);
    // the old turn asked again is a new render, not the old bytes
    expect(sha((await audio.get('game-a', 'turn-0', 'zebra')).data)).not.toBe(sha(first.data));
    audio.forget('game-a');
    expect(audio.size).toBe(0);
  });
});
