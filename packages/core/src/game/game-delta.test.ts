import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../protocol/game.ts';
import { applyAction } from './engine.ts';
import { slot, soloGame } from './fixtures.ts';
import { applyGameDelta, applyGameUpdate, gameDelta, isGameDelta } from './game-delta.ts';
import { playerDelta, playerView } from './player-view.ts';
import type { GameState } from './types.ts';

const words = ['giraffe', 'pelican', 'walrus', 'otter'];

function partnered(): GameState {
  const r = applyAction(soloGame(words, { solo: false, speakerId: 'speaker' }), { type: 'start', now: 0 });
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

function guess(s: GameState, text: string): GameState {
  const r = applyAction(s, { type: 'guess', by: 'speller', index: s.currentIndex, guess: text, now: 6000 });
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

const view = (s: GameState, viewerId: string, now = 1000): GameView =>
  playerView(s, { viewerId, now, audioUrl: viewerId === 'speller' ? `/a/${s.currentIndex}` : null });

describe('gameDelta and applyGameDelta', () => {
  it("folding each guess's delta into the view before gives the view after, for both roles", () => {
    let state = partnered();
    const held = { speaker: view(state, 'speaker'), speller: view(state, 'speller') };
    // the last guess finishes the game, which sends full views: deltas are for the turns before it
    for (let i = 0; i < words.length - 1; i++) {
      state = guess(state, i % 2 ? words[i]! : 'zzz');
      for (const role of ['speaker', 'speller'] as const) {
        const after = view(state, role, 2000 + i);
        const delta = gameDelta(after, i);
        const out = applyGameDelta(held[role], delta);
        expect(out).toEqual({ kind: 'applied', view: after });
        if (out.kind === 'applied') held[role] = out.view;
      }
    }
  });

  it("never gives the speller an unguessed word, while the speaker's delta names the next one", () => {
    let state = partnered();
    for (let i = 0; i < words.length - 1; i++) {
      state = guess(state, 'zzz');
      const forSpeller = JSON.stringify(gameDelta(view(state, 'speller'), i));
      for (const w of words.slice(i + 1)) expect(forSpeller).not.toContain(w);
      // the word just answered is revealed to both
      expect(forSpeller).toContain(words[i]);
      expect(gameDelta(view(state, 'speaker'), i).current?.word).toBe(words[i + 1]);
    }
  });

  it('is small: a turn, not the game', () => {
    const state = guess(partnered(), 'zzz');
    const full = JSON.stringify(view(state, 'speaker')).length;
    const delta = JSON.stringify(gameDelta(view(state, 'speaker'), 0)).length;
    expect(delta).toBeLessThan(full / 2);
  });

  it('ignores a delta it already has, asks for a resync on a gap, and never applies another game', () => {
    const s0 = partnered();
    const s1 = guess(s0, 'zzz');
    const s2 = guess(s1, 'zzz');
    const d1 = gameDelta(view(s1, 'speller'), 0);
    const d2 = gameDelta(view(s2, 'speller'), 1);
    expect(applyGameDelta(view(s1, 'speller'), d1)).toEqual({ kind: 'stale' });
    expect(applyGameDelta(view(s2, 'speller'), d1)).toEqual({ kind: 'stale' });
    // d1 was lost: d2 cannot be applied to the view before it
    expect(applyGameDelta(view(s0, 'speller'), d2)).toEqual({ kind: 'gap' });
    expect(applyGameDelta(view(s0, 'speller'), { ...d1, _id: 'another' })).toEqual({ kind: 'other' });
    // a delta naming a word the view does not have is a gap too
    expect(
      applyGameDelta(view(s0, 'speller'), { ...d1, answered: { ...d1.answered, index: words.length } }),
    ).toEqual({ kind: 'gap' });
  });

  it('applyGameUpdate takes full views by version and deltas by applyGameDelta', () => {
    const s0 = partnered();
    const s1 = guess(s0, 'zzz');
    const v0 = view(s0, 'speller');
    const v1 = view(s1, 'speller');
    expect(isGameDelta(v1)).toBe(false);
    expect(isGameDelta(gameDelta(v1, 0))).toBe(true);
    expect(applyGameUpdate(v0, v1)).toEqual({ kind: 'applied', view: v1 });
    expect(applyGameUpdate(v1, v0)).toEqual({ kind: 'stale' });
    expect(applyGameUpdate(v0, gameDelta(v1, 0))).toEqual({ kind: 'applied', view: v1 });
    expect(applyGameUpdate(v0, { ...v1, _id: 'another' })).toEqual({ kind: 'other' });
  });
});

describe('playerDelta', () => {
  // the server builds a guess's delta from the state without the full view; it must be exactly the
  // cut of that player's full view, so it can hold nothing the view does not (the speller's word)
  it('is the cut of the full view, for every role, turn and kind of game', () => {
    const game = fc.record({
      solo: fc.boolean(),
      words: fc.array(
        fc.record({
          word: fc.constantFrom('giraffe', 'pelican', 'walrus', 'otter', 'bear'),
          homonyms: fc.array(fc.constantFrom('bare', 'otta'), { maxLength: 2 }),
          ipa: fc.option(fc.constant('/ˈɒtə/')),
          syllables: fc.option(fc.integer({ min: 1, max: 4 })),
        }),
        { minLength: 2, maxLength: 8 },
      ),
      guesses: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      audio: fc.option(fc.constant('/v1/audio/abc')),
    });
    fc.assert(
      fc.property(game, ({ solo, words: spec, guesses, audio }) => {
        const created = soloGame([], {
          solo,
          speakerId: solo ? null : 'speaker',
          words: spec.map((w) => ({
            ...slot(w.word, w.homonyms),
            ipa: w.ipa,
            syllables: w.syllables ?? undefined,
          })),
        });
        const started = applyAction(created, { type: 'start', now: 0 });
        if (!started.ok) throw new Error(started.error.code);
        let state = started.state;
        for (const right of guesses) {
          if (state.status !== 'started') break;
          const index = state.currentIndex;
          const text = right ? state.words[index]!.word : 'zzz';
          const r = applyAction(state, { type: 'guess', by: 'speller', index, guess: text, now: 6000 });
          if (!r.ok) throw new Error(r.error.code);
          state = r.state;
          for (const viewerId of ['speller', 'speaker', 'someone-else']) {
            const options = { viewerId, now: 1234, audioUrl: audio };
            expect(playerDelta(state, index, options)).toEqual(gameDelta(playerView(state, options), index));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
