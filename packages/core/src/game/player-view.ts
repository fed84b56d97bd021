import type { GameView, WordEntryView } from '../protocol/game.ts';
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

export function playerView(state: GameState, { viewerId, now, audioUrl = null }: ViewOptions): GameView {
  const finished = state.status === 'finished';
  const isSpeaker = !state.solo && viewerId === state.speakerId;
  // once the game is over every word may be shown
  const words = state.words.map((slot) => (slot.used || finished ? revealed(slot) : hidden));
  const slot = state.words[state.currentIndex];
  const current =
    state.status === 'started' && slot
      ? {
          index: state.currentIndex,
          hasHomonyms: slot.homonyms.length > 0,
          ...(isSpeaker ? { word: slot.word, ipa: slot.ipa, syllables: slot.syllables ?? null } : {}),
          // the partnered speller gets it too: the app's voice stands in when the call drops
          audio: isSpeaker ? null : audioUrl,
        }
      : null;
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
    current,
    startsAt: state.startsAt,
    endsAt: state.endsAt,
    finishedAt: state.finishedAt,
    endedReason: state.endedReason,
    ...(finished ? { results: words.filter((w) => w.used) } : {}),
    version: state.version,
    serverNow: now,
  };
}
