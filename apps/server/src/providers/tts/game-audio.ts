import type { SpeechAudio, SpeechSynthesizer } from './types.ts';
import { jitteredProsody, varyWav } from './variation.ts';
import { DEFAULT_VOICE } from './voices.ts';

// the audio of a game's current word: rendered once per (game, turn) on the game's own synthesizer,
// with fresh variation, and kept only here. it never enters the public cache, so nothing a client
// requests can warm it, read it back or be compared with it, and its answer time does not depend on
// what anyone else asked for.

export interface GameAudio {
  /** starts rendering the turn's word when the turn starts, so the link answers from memory */
  prepare(gameId: string, turn: string, word: string): void;
  /** the turn's audio: the prepared render, or one made now */
  /** rate below 1: slower, for a speller's 'say it again slower' (learning/bee-asks.ts) */
  get(gameId: string, turn: string, word: string, rate?: number): Promise<SpeechAudio>;
  /** the game's renders go, but for the turn named (its turn moved on, or it is over) */
  forget(gameId: string, keepTurn?: string): void;
  /** whether a player of the game has asked for its audio here (a partnered speller whose call is down) */
  asked(gameId: string): boolean;
  readonly size: number;
}

/** turns kept at most (each 80–120 kB): under 50 MB, more games than one server runs at once */
const MAX_TURNS = 400;

/** the voice and speed a game's words are said in (the speller's choice); none: the defaults */
export type GameVoice = (gameId: string) => Promise<{ voice?: string; rate: number } | undefined>;

export function createGameAudio(synthesizer: SpeechSynthesizer, gameVoice?: GameVoice): GameAudio {
  // insertion order: the oldest render is dropped first when full
  const renders = new Map<string, Promise<Uint8Array>>();
  // the games whose audio a player has asked for on this instance, until the game is over
  const askedFor = new Set<string>();
  // asked once per game; a failed lookup means the default voice
  const voices = new Map<string, ReturnType<GameVoice>>();
  const voiceOf = (gameId: string) => {
    let known = voices.get(gameId);
    if (!known) {
      known = gameVoice ? gameVoice(gameId).catch(() => undefined) : Promise.resolve(undefined);
      voices.set(gameId, known);
    }
    return known;
  };

  async function synthesize(gameId: string, word: string, rate = 1): Promise<Uint8Array> {
    const choice = await voiceOf(gameId);
    const jitter = jitteredProsody();
    const prosody = { rate: jitter.rate * (choice?.rate ?? 1) * rate, pitch: jitter.pitch };
    if (!choice?.voice) return synthesizer.synthesize(word, DEFAULT_VOICE, prosody);
    // a voice the provider no longer has (it changed since the choice) falls back to the default
    return synthesizer
      .synthesize(word, choice.voice, prosody)
      .catch(() => synthesizer.synthesize(word, DEFAULT_VOICE, prosody));
  }
  // a turn is named by its audio link's token: unique per (game, turn index)
  const keyOf = (gameId: string, turn: string) => `${gameId}:${turn}`;

  function render(gameId: string, turn: string, word: string, rate?: number): Promise<Uint8Array> {
    const key = keyOf(gameId, turn);
    const known = renders.get(key);
    if (known) return known;
    const made = synthesize(gameId, word, rate).then(varyWav);
    // a failed render is not kept: the next request tries again
    made.catch(() => {
      if (renders.get(key) === made) renders.delete(key);
    });
    renders.set(key, made);
    for (const oldest of renders.keys()) {
      if (renders.size <= MAX_TURNS) break;
      renders.delete(oldest);
    }
    return made;
  }

  return {
    prepare(gameId, turn, word) {
      render(gameId, turn, word).catch(() => {});
    },
    async get(gameId, turn, word, rate) {
      askedFor.add(gameId);
      // a game owned by another instance is never finished here: the oldest go first
      for (const oldest of askedFor) {
        if (askedFor.size <= MAX_TURNS) break;
        askedFor.delete(oldest);
      }
      return { contentType: 'audio/wav', data: await render(gameId, turn, word, rate) };
    },
    forget(gameId, keepTurn) {
      if (keepTurn === undefined) {
        voices.delete(gameId);
        askedFor.delete(gameId);
      }
      const keep = keepTurn === undefined ? null : keyOf(gameId, keepTurn);
      for (const key of renders.keys()) {
        if (key.startsWith(`${gameId}:`) && key !== keep) renders.delete(key);
      }
    },
    asked: (gameId) => askedFor.has(gameId),
    get size() {
      return renders.size;
    },
  };
}
