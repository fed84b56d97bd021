import { applyAction } from '@sayspell/core/game/engine';
import { soloGame } from '@sayspell/core/game/fixtures';
import type { GameState } from '@sayspell/core/game/types';
import { describe, expect, it } from 'vitest';
import { rebuild } from './game-store.ts';

const started = (): GameState => {
  const r = applyAction(soloGame(['otter', 'heron', 'lynx']), { type: 'start', now: 1_000 });
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
};

/** the engine's own result of the same guesses, one by one */
function played(state: GameState, guesses: { guess: string; at: number }[]): GameState {
  let s = state;
  for (const [i, g] of guesses.entries()) {
    const r = applyAction(s, { type: 'guess', by: 'speller', index: i, guess: g.guess, now: g.at });
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

describe('rebuild (snapshot + appended guesses)', () => {
  it('gives what the engine gave, up to and including the guess that finishes the game', () => {
    const snapshot = started();
    const at = (snapshot.startsAt ?? 0) + 500;
    const guesses = [
      { guess: 'otter', at },
      { guess: 'herron', at: at + 10 },
      { guess: 'lynx', at: at + 20 },
    ];
    const engine = played(snapshot, guesses);
    const events = engine.words.map((w, idx) => ({
      idx,
      guess: w.guess ?? '',
      correct: w.correct === true,
      at: guesses[idx]!.at,
    }));
    expect(rebuild(snapshot, events.slice(0, 2))).toEqual(played(snapshot, guesses.slice(0, 2)));
    // a journaled finishing guess whose snapshot was never written: the game is finished
    expect(rebuild(snapshot, events)).toEqual(engine);
    expect(rebuild(snapshot, events)).toMatchObject({ status: 'finished', endedReason: 'words' });
  });

  it('skips guesses the snapshot already holds, and any after the finish', () => {
    const snapshot = started();
    const at = (snapshot.startsAt ?? 0) + 500;
    const once = rebuild(snapshot, [{ idx: 0, guess: 'otter', correct: true, at }]);
    const twice = rebuild(once, [
      { idx: 0, guess: 'otter', correct: true, at },
      { idx: 1, guess: 'heron', correct: true, at },
    ]);
    expect(twice.currentIndex).toBe(2);
    expect(twice.version).toBe(snapshot.version + 2);
  });
});
