import type { CurrentWordView, GameDelta, GameView, WordEntryView } from '../protocol/game.ts';
import type { GameState, WordSlot } from './types.ts';

// what one player may see of a game. the speller never gets the text of a word it has not
// guessed yet; the speaker of a partnered game gets the current word so they can say it.

export interface ViewOptions {
  viewerId: string;
  now: number;
  /** opaque url that speaks the current word (solo) */
  audioUrl?: string | null;
}

function revealed(slot: WordSlot): WordEntryView {
  return {
    word: {
      word: slot.word,
      homonyms: slot.homonyms.map((word) => ({ word })),
      category: slot.category,
      ipa: slot.ipa,
      definition: slot.definition,
    },
    guess: slot.guess,
    used: slot.used,
    correct: slot.correct,
  };
}

const hidden: WordEntryView = { word: null, guess: null, used: false, correct: null };

/** word `index` as this game shows it: revealed once used (or the game is over), else hidden */
function wordEntry(state: GameState, index: number, finished: boolean): WordEntryView {
  const slot = state.words[index];
  if (!slot) throw new Error(`game ${state.id} has no word ${index}`);
  return slot.used || finished ? revealed(slot) : hidden;
}

/** the turn being played, as one player sees it: only the speaker of a partnered game gets the word */
function currentWord(state: GameState, viewerId: string, audioUrl: string | null): CurrentWordView | null {
  const slot = state.words[state.currentIndex];
  if (state.status !== 'started' || !slot) return null;
  const isSpeaker = !state.solo && viewerId === state.speakerId;
  return {
    index: state.currentIndex,
    hasHomonyms: slot.homonyms.length > 0,
    ...(isSpeaker ? { word: slot.word, ipa: slot.ipa, syllables: slot.syllables ?? null } : {}),
    // the partnered speller gets it too: the app's voice stands in when the call drops
    audio: isSpeaker ? null : audioUrl,
  };
}

export function playerView(state: GameState, { viewerId, now, audioUrl = null }: ViewOptions): GameView {
  const finished = state.status === 'finished';
  // once the game is over every word may be shown
  const words = state.words.map((_, i) => wordEntry(state, i, finished));
  return {
    _id: state.id,
    language: { name: state.language },
    difficulty: state.difficulty,
    category: state.category,
    gameTimer: String(state.gameTimerSeconds),
    solo: state.solo,
    speaker: state.speakerId ? { _id: state.speakerId } : null,
    speller: { _id: state.spellerId },
    status: state.status,
    finished,
    words,
    currentIndex: state.currentIndex,
    current: currentWord(state, viewerId, audioUrl),
    startsAt: state.startsAt,
    endsAt: state.endsAt,
    finishedAt: state.finishedAt,
    endedReason: state.endedReason,
    ...(finished ? { results: words.filter((w) => w.used) } : {}),
    version: state.version,
    serverNow: now,
  };
}

/**
 * the delta a guess sends (issue 16): the same as `gameDelta(playerView(state, options), answered)`,
 * built from the same parts as the view without the rest of it (every used word revealed again on
 * every guess was the largest part of a guess's garbage). for a game still being played; a finished
 * game sends full views
 */
export function playerDelta(
  state: GameState,
  answered: number,
  { viewerId, now, audioUrl = null }: ViewOptions,
): GameDelta {
  return {
    _id: state.id,
    delta: true,
    from: state.version - 1,
    version: state.version,
    answered: { index: answered, entry: wordEntry(state, answered, state.status === 'finished') },
    currentIndex: state.currentIndex,
    current: currentWord(state, viewerId, audioUrl),
    serverNow: now,
  };
}
