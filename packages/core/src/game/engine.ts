import { START_COUNTDOWN_SECONDS } from '../constants.ts';
import { isCorrectGuess, normalizeGuess } from '../rules/guess.ts';
import { isPlayer } from './players.ts';
import { GAME_ERRORS, type GameError, type GameState } from './types.ts';

// the game rules as a pure reducer: state in, state out, or an error saying why not.
// the clock is a parameter; nothing here does i/o.

export type GameAction =
  | { type: 'start'; now: number }
  | { type: 'guess'; by: string; index: number; guess: string; now: number }
  | { type: 'expire'; now: number }
  | { type: 'partner-left'; by: string; now: number };

export type GameResult = { ok: true; state: GameState; changed: boolean } | { ok: false; error: GameError };

const fail = (code: GameError['code'], message: string): GameResult => ({
  ok: false,
  error: { code, message },
});

export function applyAction(state: GameState, action: GameAction): GameResult {
  switch (action.type) {
    case 'start':
      return start(state, action.now);
    case 'guess':
      return guess(state, action);
    case 'expire':
      return expire(state, action.now);
    case 'partner-left':
      return partnerLeft(state, action.by, action.now);
  }
}

/** starting twice is harmless: the first start's deadlines stand */
function start(state: GameState, now: number): GameResult {
  if (state.status !== 'created') return { ok: true, state, changed: false };
  const startsAt = now + START_COUNTDOWN_SECONDS * 1000;
  return {
    ok: true,
    changed: true,
    state: {
      ...state,
      status: 'started',
      currentIndex: 0,
      startsAt,
      endsAt: startsAt + state.gameTimerSeconds * 1000,
      version: state.version + 1,
    },
  };
}

function guess(state: GameState, a: Extract<GameAction, { type: 'guess' }>): GameResult {
  if (a.by !== state.spellerId) return fail(GAME_ERRORS.NOT_THE_SPELLER, 'Only the speller can guess.');
  if (state.status === 'finished' || (state.endsAt !== null && a.now >= state.endsAt)) {
    return fail(GAME_ERRORS.FINISHED, 'This game has finished.');
  }
  if (state.status !== 'started' || state.startsAt === null) {
    return fail(GAME_ERRORS.NOT_STARTED, 'The game has not started yet.');
  }
  if (a.now < state.startsAt) return fail(GAME_ERRORS.COUNTDOWN, 'Wait for the countdown to finish.');
  if (a.index !== state.currentIndex) {
    return fail(GAME_ERRORS.WRONG_WORD, 'That guess was for another word; the game has moved on.');
  }
  const typed = normalizeGuess(a.guess);
  if (typed === '') return fail(GAME_ERRORS.EMPTY_GUESS, 'Type a guess using the letters A to Z.');
  const slot = state.words[state.currentIndex];
  if (!slot) return fail(GAME_ERRORS.FINISHED, 'This game has finished.');

  const words = state.words.slice();
  words[state.currentIndex] = {
    ...slot,
    guess: typed,
    used: true,
    correct: isCorrectGuess(typed, slot.word, slot.homonyms),
  };
  const currentIndex = state.currentIndex + 1;
  const done = currentIndex >= words.length;
  return {
    ok: true,
    changed: true,
    state: {
      ...state,
      words,
      currentIndex,
      status: done ? 'finished' : 'started',
      finishedAt: done ? a.now : null,
      endedReason: done ? 'words' : null,
      version: state.version + 1,
    },
  };
}

/** the deadline passed: finish the game; a no-op before the deadline or when already finished */
function expire(state: GameState, now: number): GameResult {
  if (state.status !== 'started' || state.endsAt === null || now < state.endsAt) {
    return { ok: true, state, changed: false };
  }
  return {
    ok: true,
    changed: true,
    state: {
      ...state,
      status: 'finished',
      finishedAt: state.endsAt,
      endedReason: 'time',
      version: state.version + 1,
    },
  };
}

/** a player of a partnered game left for good: the game ends for both, with what was played */
function partnerLeft(state: GameState, by: string, now: number): GameResult {
  if (state.solo || !isPlayer(state, by) || state.status === 'finished')
    return { ok: true, state, changed: false };
  return {
    ok: true,
    changed: true,
    state: {
      ...state,
      status: 'finished',
      finishedAt: now,
      endedReason: 'partner-left',
      version: state.version + 1,
    },
  };
}
