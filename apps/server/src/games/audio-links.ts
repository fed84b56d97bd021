import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GameState } from '@sayspell/core/game/types';
import type { GameAudio } from '../providers/tts/game-audio.ts';
import type { GameBroadcaster } from './game-service.ts';

// the current word's audio is fetched by an opaque link: an hmac of (game, turn) under the
// server secret. nothing in it names the word, and it stops working once the turn is over.

/** games whose current turn's token is kept; past it the memory starts again */
const MAX_REMEMBERED = 10_000;

export function createAudioLinks(secret: string) {
  const sign = (gameId: string, index: number) =>
    createHmac('sha256', secret).update(`audio:${gameId}:${index}`).digest('base64url').slice(0, 32);
  // each game's current turn is asked for several times a guess (the audio's render, each
  // player's view): its token is worked out once (issue 16: the hmac was 3 % of a guess's cpu)
  const current = new Map<string, { index: number; token: string }>();
  const tokenFor = (gameId: string, index: number) => {
    const known = current.get(gameId);
    if (known?.index === index) return known.token;
    const token = sign(gameId, index);
    if (current.size >= MAX_REMEMBERED && !known) current.clear();
    current.set(gameId, { index, token });
    return token;
  };

  return {
    url: (gameId: string, index: number) => `/v1/game/${gameId}/audio/${tokenFor(gameId, index)}`,
    token: tokenFor,
    matches(gameId: string, index: number, token: string): boolean {
      const want = Buffer.from(tokenFor(gameId, index));
      const got = Buffer.from(token);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}

export type AudioLinks = ReturnType<typeof createAudioLinks>;

/**
 * Renders each turn's audio as the turn starts (and drops the game's older turns), so the link
 * answers from memory in the same time whatever anyone requested before; the broadcasts go on as
 * they were. A partnered game's speller hears the speaker over the call and plays the word's audio
 * only while the call is down: its turns are rendered ahead only once a player of the game has
 * asked for one (on this instance); until then, the first request renders its turn on demand. It
 * is a fresh render either way, never comparable with anything else (issue 13), and rendering
 * every partnered turn cost the server a speech render per guess that nobody played (issue 16).
 */
export function preparingAudio(
  broadcaster: GameBroadcaster,
  links: AudioLinks,
  audio: GameAudio,
): GameBroadcaster {
  const prepare = (state: GameState) => {
    const slot = state.words[state.currentIndex];
    if (state.status !== 'started' || !slot) return audio.forget(state.id);
    const turn = links.token(state.id, state.currentIndex);
    audio.forget(state.id, turn);
    if (state.solo || audio.asked(state.id)) audio.prepare(state.id, turn, slot.word);
  };
  return {
    started(state, origin) {
      prepare(state);
      broadcaster.started(state, origin);
    },
    updated(state, applied) {
      prepare(state);
      broadcaster.updated(state, applied);
    },
    finished(state, ended) {
      audio.forget(state.id);
      broadcaster.finished(state, ended);
    },
  };
}
