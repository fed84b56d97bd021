import { describe, expect, it } from 'vitest';
import { applyAction, type GameResult } from './engine.ts';
import { slot, soloGame } from './fixtures.ts';
import type { GameState } from './types.ts';

const T0 = 1_000_000;

function ok(r: GameResult): GameState {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}`);
  return r.state;
}

function started(words = ['cat', 'dog']) {
  return ok(applyAction(soloGame(words), { type: 'start', now: T0 }));
}

describe('start', () => {
  it('sets a 5 s countdown then the game timer as absolute deadlines', () => {
    const s = started();
    expect(s.status).toBe('started');
    expect(s.startsAt).toBe(T0 + 5000);
    expect(s.endsAt).toBe(T0 + 5000 + 90_000);
    expect(s.version).toBe(1);
  });

  it('keeps the first deadlines when started again', () => {
    const s = started();
    const again = applyAction(s, { type: 'start', now: T0 + 3000 });
    expect(again).toEqual({ ok: true, state: s, changed: false });
  });
});

describe('guess', () => {
  const during = T0 + 6000;

  it('marks the word used, stores the normalised guess and moves on', () => {
    const s = ok(
      applyAction(started(), { type: 'guess', by: 'speller', index: 0, guess: ' C a T ', now: during }),
    );
    expect(s.words[0]).toMatchObject({ guess: 'cat', used: true, correct: true });
    expect(s.currentIndex).toBe(1);
    expect(s.status).toBe('started');
  });

  it('accepts a homonym and rejects a wrong spelling', () => {
    const base = { ...started(), words: [slot('bear', ['bare']), slot('pair', ['pear', 'pare'])] };
    const a = ok(applyAction(base, { type: 'guess', by: 'speller', index: 0, guess: 'bare', now: during }));
    const b = ok(applyAction(a, { type: 'guess', by: 'speller', index: 1, guess: 'payer', now: during }));
    expect(b.words.map((w) => w.correct)).toEqual([true, false]);
  });

  it('finishes when the last word is guessed', () => {
    const a = ok(
      applyAction(started(['cat']), { type: 'guess', by: 'speller', index: 0, guess: 'cat', now: during }),
    );
    expect(a.status).toBe('finished');
    expect(a.finishedAt).toBe(during);
  });

  it.each([
    ['someone else', { by: 'intruder' }, 'NOT_THE_SPELLER'],
    ['during the countdown', { now: T0 + 4999 }, 'COUNTDOWN'],
    ['after the deadline', { now: T0 + 95_000 }, 'FINISHED'],
    ['for a stale index (double submit)', { index: 1 }, 'WRONG_WORD'],
    ['with no letters', { guess: ' 42 ' }, 'EMPTY_GUESS'],
  ])('is refused %s', (_what, patch, code) => {
    const r = applyAction(started(), {
      type: 'guess',
      by: 'speller',
      index: 0,
      guess: 'cat',
      now: during,
      ...patch,
    });
    expect(r).toMatchObject({ ok: false, error: { code } });
  });

  it('is refused before the game starts', () => {
    const r = applyAction(soloGame(['cat']), {
      type: 'guess',
      by: 'speller',
      index: 0,
      guess: 'cat',
      now: during,
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_STARTED' } });
  });
});

describe('expire', () => {
  it('finishes at the deadline and not before', () => {
    const s = started();
    expect(applyAction(s, { type: 'expire', now: s.endsAt! - 1 })).toMatchObject({
      ok: true,
      changed: false,
    });
    const done = ok(applyAction(s, { type: 'expire', now: s.endsAt! + 10 }));
    expect(done.status).toBe('finished');
    expect(done.finishedAt).toBe(s.endsAt);
    expect(applyAction(done, { type: 'expire', now: s.endsAt! + 20 })).toMatchObject({ changed: false });
  });
});

describe('partner-left', () => {
  const partnered = () =>
    ok(
      applyAction(soloGame(['cat', 'dog'], { solo: false, speakerId: 'speaker' }), {
        type: 'start',
        now: T0,
      }),
    );

  it('ends a partnered game for both, keeping what was played', () => {
    const s = ok(
      applyAction(partnered(), { type: 'guess', by: 'speller', index: 0, guess: 'cat', now: T0 + 6000 }),
    );
    const left = ok(applyAction(s, { type: 'partner-left', by: 'speaker', now: T0 + 7000 }));
    expect(left).toMatchObject({ status: 'finished', endedReason: 'partner-left', finishedAt: T0 + 7000 });
    expect(left.words[0]).toMatchObject({ used: true, correct: true });
  });

  it('changes nothing for a solo game, a stranger or a finished game', () => {
    expect(applyAction(started(), { type: 'partner-left', by: 'speller', now: T0 })).toMatchObject({
      changed: false,
    });
    expect(applyAction(partnered(), { type: 'partner-left', by: 'stranger', now: T0 })).toMatchObject({
      changed: false,
    });
    const done = ok(applyAction(partnered(), { type: 'expire', now: T0 + 200_000 }));
    expect(done.endedReason).toBe('time');
    expect(applyAction(done, { type: 'partner-left', by: 'speaker', now: T0 })).toMatchObject({
      changed: false,
    });
  });

  it('names the reason a game ended', () => {
    const s = ok(
      applyAction(started(['cat']), { type: 'guess', by: 'speller', index: 0, guess: 'x', now: T0 + 6000 }),
    );
    expect(s.endedReason).toBe('words');
  });

  it('refuses a guess from the speaker', () => {
    const r = applyAction(partnered(), {
      type: 'guess',
      by: 'speaker',
      index: 0,
      guess: 'cat',
      now: T0 + 6000,
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_THE_SPELLER' } });
  });
});
