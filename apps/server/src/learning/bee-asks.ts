import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ASKS_PER_TURN,
  type AskInput,
  type AskKind,
  type SpeakerNotes,
} from '@sayspell/core/protocol/learning';
import { DATA_DIR } from '@sayspell/data/pipeline/lexicon-dir.ts';
import { DomainError } from '../errors.ts';
import type { GameService } from '../games/game-service.ts';
import type { SpeechAudio } from '../providers/tts/types.ts';
import type { LearningService } from './learning-service.ts';
import { maskWord } from './mask-word.ts';

// what a spelling bee lets a speller ask about the word (issue 17 item 5), in a solo game: the
// definition (text, with the word and its family masked), the part of speech, the language of
// origin (a language name only, never the etymon), the word in a sentence and the word again
// slower. the last two are audio from the game's own speech lane (its
// renders, never the public cache): the sentence holds the word, so it is never sent as text.
//
// the turn is found as the speller holds it: their own view of the game and its audio link, so
// an ask can only be about the word being played, by the one playing it.

/** how much slower 'say it again slower' speaks */
const SLOWER = 0.6;
/** asks per player per minute, all games */
const PER_MINUTE = 20;

/** one of the bank's word → fact files, read once when first asked */
function wordData(file: string): () => Record<string, string> {
  let data: Record<string, string> | undefined;
  return () => {
    data ??= JSON.parse(readFileSync(path.join(DATA_DIR, 'words', file), 'utf8')) as Record<string, string>;
    return data;
  };
}

/** "It is an adjective." */
export function partOfSpeechAnswer(part: string | undefined): string {
  if (!part) return 'The part of speech is not known.';
  return `It is ${/^[aeiou]/.test(part) ? 'an' : 'a'} ${part}.`;
}

/** the origin as the app says it: the first sentence that does not itself hold the word (the
 * words "word", "come", "know" are in the bank) */
export function originAnswer(origin: string | undefined, word: string): string {
  const texts = origin
    ? [`This word comes from ${origin}.`, `From ${origin}.`, `${origin}.`]
    : ['The language of origin is not known.', 'That is not on record.', 'Unclear.'];
  const w = word.toLowerCase();
  // a word held by every sentence ("un" is in "Unclear.") gets an answer with no letters at all
  return texts.find((t) => !t.toLowerCase().includes(w)) ?? '…';
}

export type AskResult = { kind: AskKind; text: string } | { kind: AskKind; audio: SpeechAudio };

export function createBeeAsks(deps: {
  learning: Pick<LearningService, 'wordFacts' | 'now'>;
  games: Pick<GameService, 'get' | 'audioWord'>;
  /** the game lane (providers/tts/game-audio.ts); rate below 1 speaks slower */
  speech: { get(gameId: string, turn: string, text: string, rate?: number): Promise<SpeechAudio> };
  partsOfSpeech?: () => Record<string, string>;
  /** word → language of origin (data/pipeline/word-origins.ts) */
  origins?: () => Record<string, string>;
}) {
  const partsOfSpeech = deps.partsOfSpeech ?? wordData('en-parts-of-speech.json');
  const origins = deps.origins ?? wordData('en-origins.json');
  // asks per (player, game, turn, kind), and per player per minute; one instance's memory is
  // enough: a game's turns are short, and an instance restart gives a few asks back at most
  const perTurn = new Map<string, number>();
  const recent = new Map<string, number[]>();

  function take(userId: string, gameId: string, index: number, kind: AskKind) {
    const now = deps.learning.now();
    const times = (recent.get(userId) ?? []).filter((t) => t > now - 60_000);
    if (times.length >= PER_MINUTE) {
      throw new DomainError('RATE_LIMITED', 'Too many questions about words. Please wait a minute.');
    }
    const key = `${userId}:${gameId}:${index}:${kind}`;
    const used = perTurn.get(key) ?? 0;
    if (used >= ASKS_PER_TURN[kind]) {
      const n = ASKS_PER_TURN[kind];
      throw new DomainError(
        'RATE_LIMITED',
        `You can ask for this ${n === 1 ? 'once' : `${n} times`} per word, and you already did.`,
      );
    }
    perTurn.set(key, used + 1);
    recent.set(userId, [...times, now]);
    // the oldest keys go first: map order is insertion order
    for (const k of perTurn.keys()) {
      if (perTurn.size <= 20_000) break;
      perTurn.delete(k);
    }
    if (recent.size > 20_000) recent.clear();
  }

  /** the word being played, as the solo speller holds it */
  async function turnOf(userId: string, gameId: string, index: number) {
    const view = await deps.games.get(gameId, userId);
    if (view.speller?._id !== userId || !view.solo) {
      throw new DomainError(
        'NOT_THE_SPELLER',
        'Only the speller of a solo game can ask about the word; in a partnered game, ask your speaker.',
      );
    }
    if (view.status !== 'started' || !view.current?.audio) {
      throw new DomainError('NOT_STARTED', 'This game is not in play, so there is no word to ask about.');
    }
    if (view.current.index !== index) {
      throw new DomainError('WRONG_WORD', 'That word is over; ask about the word being played.');
    }
    const token = view.current.audio.split('/').pop() ?? '';
    const word = await deps.games.audioWord(gameId, token);
    return { word, index, language: view.language.name };
  }

  return {
    /**
     * partnered play: the speller asks aloud and the speaker reads the answer out, so the speaker's
     * screen gets the answers as text (the definition as is, the sentence with the word in it: the
     * speaker sees the word anyway). only the game's speaker, only for the word being played
     */
    async speakerNotes(userId: string, gameId: string, index: number): Promise<SpeakerNotes> {
      const view = await deps.games.get(gameId, userId);
      if (view.solo || view.speaker?._id !== userId) {
        throw new DomainError(
          'NOT_A_PLAYER',
          'Only the speaker of a partnered game gets notes to read out; the speller asks the speaker.',
        );
      }
      const word = view.status === 'started' ? view.current?.word : undefined;
      if (!view.current || !word) {
        throw new DomainError('NOT_STARTED', 'This game is not in play, so there is no word to read about.');
      }
      if (view.current.index !== index) {
        throw new DomainError('WRONG_WORD', 'That word is over; these notes are for the word being played.');
      }
      const language = view.language.name;
      const facts = await deps.learning.wordFacts(language, word);
      const english = language === 'English';
      const part = english ? partsOfSpeech()[word] : undefined;
      return {
        index,
        partOfSpeech: part ?? null,
        origin: (english ? origins()[word] : undefined) ?? null,
        definition: facts?.definition || null,
        sentence: facts?.example || null,
      };
    },

    async ask(userId: string, input: Required<AskInput>): Promise<AskResult> {
      const turn = await turnOf(userId, input.gameId, input.index);
      const facts = await deps.learning.wordFacts(turn.language, turn.word);
      if (input.kind === 'sentence' && !(facts?.example && facts.example.length <= 190)) {
        throw new DomainError('NOT_FOUND', 'There is no example sentence for this word.');
      }
      take(userId, input.gameId, input.index, input.kind);
      const ask = `ask:${turn.index}:${input.kind}`;
      switch (input.kind) {
        case 'definition': {
          const text = facts?.definition
            ? maskWord(facts.definition, turn.word, facts.homonyms)
            : 'There is no definition for this word.';
          return { kind: input.kind, text };
        }
        case 'partOfSpeech': {
          const part = turn.language === 'English' ? partsOfSpeech()[turn.word] : undefined;
          return { kind: input.kind, text: partOfSpeechAnswer(part) };
        }
        case 'origin': {
          const origin = turn.language === 'English' ? origins()[turn.word] : undefined;
          return { kind: input.kind, text: originAnswer(origin, turn.word) };
        }
        case 'sentence': {
          const sentence = facts?.example ?? '';
          return { kind: input.kind, audio: await deps.speech.get(input.gameId, ask, sentence) };
        }
        case 'slower':
          return { kind: input.kind, audio: await deps.speech.get(input.gameId, ask, turn.word, SLOWER) };
      }
    },
  };
}

export type BeeAsks = ReturnType<typeof createBeeAsks>;
