import { randomUUID } from 'node:crypto';
import { SOLO_WORD_COUNT } from '@sayspell/core/constants';
import { applyAction, type GameAction } from '@sayspell/core/game/engine';
import { playerView } from '@sayspell/core/game/player-view';
import type { GameState } from '@sayspell/core/game/types';
import type { GameView } from '@sayspell/core/protocol/game';
import { categoryName } from '@sayspell/core/rules/options';
import { DomainError } from '../errors.ts';
import type { AudioLinks } from './audio-links.ts';
import type { GameRepository } from './game-repository.ts';
import type { WordPicker } from './word-picker.ts';

// the authority over games: loads, applies the pure engine, persists, then tells the broadcaster.
// it knows no sockets and no http.

export interface GameBroadcaster {
  started(state: GameState): void;
  updated(state: GameState): void;
  finished(state: GameState): void;
}

/** who is connected to a game's channel right now (across instances) */
export interface GamePresence {
  playersOnline(gameId: string): Promise<Set<string>>;
}

export interface Clock {
  now(): number;
}

export interface SoloGameInput {
  language: string;
  difficulty: GameState['difficulty'];
  category: string;
  gameTimer: number;
  speller: string;
}

export function createGameService(deps: {
  repo: GameRepository;
  pickWords: WordPicker;
  audio: AudioLinks;
  clock: Clock;
  broadcaster: GameBroadcaster;
  presence: GamePresence;
  /** how long a player who closed the page has to come back before the game is deleted */
  abandonGraceMs: number;
  isLanguageEnabled: (name: string) => Promise<boolean>;
}) {
  const { repo, pickWords, audio, clock, broadcaster } = deps;
  const timers = new Map<string, NodeJS.Timeout>();

  const viewFor = (state: GameState, viewerId: string): GameView =>
    playerView(state, {
      viewerId,
      now: clock.now(),
      audioUrl: state.status === 'started' ? audio.url(state.id, state.currentIndex) : null,
    });

  const isPlayer = (s: GameState, userId: string) => s.spellerId === userId || s.speakerId === userId;

  async function load(id: string, userId: string): Promise<GameState> {
    const state = await repo.get(id);
    if (!state)
      throw new DomainError('GAME_NOT_FOUND', 'This game does not exist (it may have been deleted).');
    if (!isPlayer(state, userId)) throw new DomainError('NOT_A_PLAYER', 'You are not a player in this game.');
    return state;
  }

  /** applies one action under the game's row lock; broadcasts when it changed the game */
  async function act(id: string, userId: string | null, action: GameAction): Promise<GameState> {
    const out = await repo.update(id, (state) => {
      if (userId !== null && !isPlayer(state, userId)) {
        throw new DomainError('NOT_A_PLAYER', 'You are not a player in this game.');
      }
      const result = applyAction(state, action);
      if (!result.ok) throw new DomainError(result.error.code, result.error.message);
      return { state: result.state, changed: result.changed, value: state.status };
    });
    if (!out) throw new DomainError('GAME_NOT_FOUND', 'This game does not exist (it may have been deleted).');
    if (out.changed) {
      if (out.state.status === 'finished') {
        clearTimer(id);
        broadcaster.finished(out.state);
      } else if (out.value === 'created') {
        schedule(out.state);
        broadcaster.started(out.state);
      } else {
        broadcaster.updated(out.state);
      }
    }
    return out.state;
  }

  function clearTimer(id: string) {
    const t = timers.get(id);
    if (t) clearTimeout(t);
    timers.delete(id);
  }

  function schedule(state: GameState) {
    if (state.endsAt === null) return;
    clearTimer(state.id);
    const delay = Math.max(0, state.endsAt - clock.now());
    const t = setTimeout(() => {
      timers.delete(state.id);
      void expire(state.id);
    }, delay);
    t.unref();
    timers.set(state.id, t);
  }

  /** finishes a game whose deadline passed; safe to call from any instance, any number of times */
  async function expire(id: string): Promise<void> {
    try {
      await act(id, null, { type: 'expire', now: clock.now() });
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'GAME_NOT_FOUND')) throw err;
    }
  }

  /** deletes games whose players left and did not come back; returns how many */
  async function sweepAbandoned(): Promise<number> {
    let deleted = 0;
    for (const id of await repo.abandonedBefore(clock.now() - deps.abandonGraceMs)) {
      if ((await deps.presence.playersOnline(id)).size > 0) {
        await repo.clearAbandoned(id);
      } else if (await repo.deleteAbandoned(id)) {
        clearTimer(id);
        deleted++;
      }
    }
    return deleted;
  }

  return {
    viewFor,
    sweepAbandoned,

    async createSolo(userId: string, input: SoloGameInput): Promise<GameView> {
      if (input.speller !== userId) {
        throw new DomainError(
          'FORBIDDEN',
          'In a solo game you are the speller: speller must be your own id.',
        );
      }
      if (!(await deps.isLanguageEnabled(input.language))) {
        throw new DomainError('LANGUAGE_DISABLED', `${input.language} is not available yet.`);
      }
      const category = categoryName(input.category);
      if (!category) {
        throw new DomainError('CATEGORY_UNAVAILABLE', `The category "${input.category}" is not available.`);
      }
      const words = await pickWords({
        language: input.language,
        category,
        difficulty: input.difficulty,
        count: SOLO_WORD_COUNT,
      });
      if (words.length < SOLO_WORD_COUNT) {
        throw new DomainError(
          'NOT_ENOUGH_WORDS',
          `There are not enough ${input.difficulty} words in this category yet. Try another difficulty.`,
        );
      }
      // one solo game at a time: an abandoned one is cleared away
      await repo.deleteUnfinishedSoloOf(userId);
      const state: GameState = {
        id: randomUUID(),
        solo: true,
        status: 'created',
        language: input.language,
        difficulty: input.difficulty,
        category: input.category,
        gameTimerSeconds: input.gameTimer,
        speakerId: null,
        spellerId: userId,
        words,
        currentIndex: 0,
        startsAt: null,
        endsAt: null,
        finishedAt: null,
        version: 0,
        createdAt: clock.now(),
      };
      await repo.insert(state);
      return viewFor(state, userId);
    },

    async get(id: string, userId: string): Promise<GameView> {
      return viewFor(await load(id, userId), userId);
    },

    /** a player is online in the game; the game starts once every player is */
    async handshake(
      id: string,
      userId: string,
      online: (s: GameState) => Promise<boolean>,
    ): Promise<GameView> {
      const state = await load(id, userId);
      if (state.status !== 'created' || !(await online(state))) return viewFor(state, userId);
      return viewFor(await act(id, userId, { type: 'start', now: clock.now() }), userId);
    },

    async guess(id: string, userId: string, index: number, guess: string): Promise<GameView> {
      await load(id, userId);
      const state = await act(id, userId, { type: 'guess', by: userId, index, guess, now: clock.now() });
      return viewFor(state, userId);
    },

    async deleteUnfinished(id: string, userId: string): Promise<boolean> {
      const deleted = await repo.deleteUnfinished(id, userId);
      if (deleted) clearTimer(id);
      return deleted;
    },

    /** the page was closed or reloaded: delete the game unless the player is back in time */
    async abandon(id: string, userId: string): Promise<boolean> {
      return repo.markAbandoned(id, userId, clock.now());
    },

    /** the word to speak for an audio link, if the link is for the current turn */
    async audioWord(id: string, token: string): Promise<string> {
      const state = await repo.get(id);
      const slot = state?.words[state.currentIndex];
      if (state?.status !== 'started' || !slot || !audio.matches(id, state.currentIndex, token)) {
        throw new DomainError('AUDIO_EXPIRED', 'This audio link is not valid any more.');
      }
      return slot.word;
    },

    expire,

    /** after a restart: every running game gets its deadline timer back */
    async resumeTimers(): Promise<number> {
      const running = await repo.startedIds();
      for (const g of running) {
        if (g.endsAt !== null) schedule({ id: g.id, endsAt: g.endsAt } as GameState);
      }
      return running.length;
    },

    /** the safety net for deadlines whose timer died with another instance */
    async sweep(): Promise<number> {
      const ids = await repo.overdueIds(clock.now());
      for (const id of ids) await expire(id);
      return ids.length + (await sweepAbandoned());
    },

    stop() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
