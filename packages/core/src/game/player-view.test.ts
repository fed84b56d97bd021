import { describe, expect, it } from 'vitest';
import { applyAction } from './engine.ts';
import { slot, soloGame } from './fixtures.ts';
import { playerView } from './player-view.ts';
import type { GameState } from './types.ts';

const words = ['giraffe', 'pelican', 'walrus'];

function play(state: GameState, guesses: number): GameState {
  let s = state;
  for (let i = 0; i < guesses; i++) {
    const r = applyAction(s, {
      type: 'guess',
      by: 'speller',
      index: i,
      guess: 'x',
      now: (s.startsAt ?? 0) + 1,
    });
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
  }
  return s;
}

function started(overrides: Partial<GameState> = {}): GameState {
  const r = applyAction(soloGame(words, overrides), { type: 'start', now: 0 });
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

describe('playerView', () => {
  it('never shows the speller a word before it is guessed', () => {
    for (let guessed = 0; guessed < words.length; guessed++) {
      const view = playerView(play(started(), guessed), {
        viewerId: 'speller',
        now: 0,
        audioUrl: '/a/opaque',
      });
      const json = JSON.stringify(view);
      for (const w of words.slice(guessed)) expect(json).not.toContain(w);
      for (const w of words.slice(0, guessed)) expect(json).toContain(w);
    }
  });

  it('gives the solo speller the audio link and the homophone flag of the current word', () => {
    const s = { ...started(), words: [slot('bear', ['bare'])] };
    const view = playerView(s, { viewerId: 'speller', now: 0, audioUrl: '/v1/game/x/audio/t' });
    expect(view.current).toEqual({ index: 0, hasHomonyms: true, audio: '/v1/game/x/audio/t' });
    expect(JSON.stringify(view)).not.toContain('bare');
  });

  it('shows the speaker of a partnered game the current word', () => {
    const s = started({ solo: false, speakerId: 'speaker' });
    expect(playerView(s, { viewerId: 'speaker', now: 0 }).current).toMatchObject({
      word: 'giraffe',
      audio: null,
    });
    expect(playerView(s, { viewerId: 'speller', now: 0 }).current).not.toHaveProperty('word');
  });

  it('reveals every word and the results once finished', () => {
    const done = play(started(), words.length);
    const view = playerView(done, { viewerId: 'speller', now: 0 });
    expect(view.finished).toBe(true);
    expect(view.current).toBeNull();
    expect(view.results?.map((r) => r.word?.word)).toEqual(words);
    expect(view.gameTimer).toBe('90');
  });
});
