import { describe, expect, it } from 'vitest';
import { createGameAudio } from './game-audio.ts';
import { analyseSpeech, medianPitchHz } from './speech-checks.ts';
import { createFliteSynthesizer, findExecutable } from './system-command.ts';

// a game's words in the speller's voice and speed (issue 15 item 9), on the real flite engine

describe.skipIf(!findExecutable('flite'))('game audio in the chosen voice', () => {
  const flite = createFliteSynthesizer();

  it('says the word at the chosen speed', async () => {
    const slow = createGameAudio(flite, async () => ({ rate: 0.5 }));
    const fast = createGameAudio(flite, async () => ({ rate: 2 }));
    const word = 'incomprehensibility';
    const slowMs = analyseSpeech((await slow.get('game-a', 'turn-0', word)).data).voicedMs;
    const fastMs = analyseSpeech((await fast.get('game-b', 'turn-0', word)).data).voicedMs;
    expect(slowMs).toBeGreaterThan(2.5 * fastMs);
  });

  it('falls back to the default voice when the chosen one is gone, and when the lookup fails', async () => {
    const gone = createGameAudio(flite, async () => ({ voice: 'no-such-voice', rate: 1 }));
    const broken = createGameAudio(flite, async () => {
      throw new Error('database away');
    });
    const man = createGameAudio(flite, async () => ({ voice: 'kal16', rate: 1 }));
    const a = medianPitchHz((await gone.get('g1', 't0', 'giraffe')).data);
    const b = medianPitchHz((await broken.get('g2', 't0', 'giraffe')).data);
    const c = medianPitchHz((await man.get('g3', 't0', 'giraffe')).data);
    // the default (slt) is a woman's voice, well above kal16's
    expect(c).toBeLessThan(0.75 * a);
    expect(c).toBeLessThan(0.75 * b);
  });

  it('asks whose voice once per game, again after the game is forgotten', async () => {
    let asked = 0;
    const audio = createGameAudio(flite, async () => {
      asked++;
      return { rate: 1 };
    });
    await audio.get('game-a', 'turn-0', 'otter');
    await audio.get('game-a', 'turn-1', 'zebra');
    expect(asked).toBe(1);
    audio.forget('game-a');
    await audio.get('game-a', 'turn-2', 'otter');
    expect(asked).toBe(2);
  });
});
