import { randomUUID } from 'node:crypto';
import { PARTNERED_WORD_COUNT, SOLO_WORD_COUNT } from '@sayspell/core/constants';
import { applyAction, type GameAction } from '@sayspell/core/game/engine';
import { playerView } from '@sayspell/core/game/player-view';
import type { GameState, WordSlot } from '@sayspell/core/game/types';
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

export interface GameSettings {
  language: string;
  difficulty: GameState['difficulty'];
  category: string;
  gameTimer: number;
}

export interface SoloGameInput extends GameSettings {
  speller: string;
}

export interface PartneredGameInput extends GameSettings {
  speaker: string;
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
  userExists: (id: string) => Promise<boolean>;
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
      const online = await deps.presence.playersOnline(id);
      const state = await repo.get(id);
      if (!state) continue;
      const gone = [state.spellerId, state.speakerId].filter(
        (p): p is string => p !== null && !online.has(p),
      );
      if (online.size > 0 && (state.solo || gone.length === 0)) {
        await repo.clearAbandoned(id);
      } else if (!state.solo) {
        for (const p of gone) await partnerLeft(id, p);
        deleted++;
      } else if (await repo.deleteAbandoned(id)) {
        clearTimer(id);
        deleted++;
      }
    }
    return deleted;
  }

  async function partnerLeft(id: string, userId: string): Promise<void> {
    try {
      await act(id, null, { type: 'partner-left', by: userId, now: clock.now() });
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'GAME_NOT_FOUND')) throw err;
    }
  }

  async function wordsFor(settings: GameSettings, count: number): Promise<WordSlot[]> {
    if (!(await deps.isLanguageEnabled(settings.language))) {
      throw new DomainError('LANGUAGE_DISABLED', `${settings.language} is not available yet.`);
    }
    const category = categoryName(settings.category);
    if (!category) {
      throw new DomainError('CATEGORY_UNAVAILABLE', `The category "${settings.category}" is not available.`);
    }
    const words = await pickWords({
      language: settings.language,
      category,
      difficulty: settings.difficulty,
      count,
    });
    // a game needs at least the words the solo voice speaks; a partnered one takes what there is
    if (words.length < Math.min(count, SOLO_WORD_COUNT)) {
      throw new DomainError(
        'NOT_ENOUGH_WORDS',
        `There are not enough ${settings.difficulty} words in this category yet. Try another difficulty.`,
      );
    }
    return words;
  }

  function newGame(
    settings: GameSettings,
    players: Pick<GameState, 'solo' | 'speakerId' | 'spellerId' | 'words'>,
    id: string = randomUUID(),
  ): GameState {
    return {
      id,
      status: 'created',
      language: settings.language,
      difficulty: settings.difficulty,
      category: settings.category,
      gameTimerSeconds: settings.gameTimer,
      ...players,
      currentIndex: 0,
      startsAt: null,
      endsAt: null,
      finishedAt: null,
      endedReason: null,
      version: 0,
      createdAt: clock.now(),
    };
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
      const words = await wordsFor(input, SOLO_WORD_COUNT);
      // one solo game at a time: an abandoned one is cleared away
      await repo.deleteUnfinishedSoloOf(userId);
      const state = newGame(input, { solo: true, speakerId: null, spellerId: userId, words });
      await repo.insert(state);
      return viewFor(state, userId);
    },

    /** a game for two: the caller must be one of them; matching and invites come through here */
    async createPartnered(
      callerId: string | null,
      input: PartneredGameInput,
      id?: string,
    ): Promise<GameView> {
      if (input.speaker === input.speller) {
        throw new DomainError('BAD_REQUEST', 'The speaker and the speller must be two different players.');
      }
      if (callerId !== null && callerId !== input.speaker && callerId !== input.speller) {
        throw new DomainError('FORBIDDEN', 'You can only create a game you play in.');
      }
      for (const id of [input.speaker, input.speller]) {
        if (!(await deps.userExists(id)))
          throw new DomainError('NOT_FOUND', `There is no player with the id ${id}.`);
      }
      const words = await wordsFor(input, PARTNERED_WORD_COUNT);
      const players = { solo: false, speakerId: input.speaker, spellerId: input.speller, words };
      const state = newGame(input, players, id);
      await repo.insert(state);
      return viewFor(state, callerId ?? input.speller);
    },

    /**
     * a game of words chosen elsewhere (custom and enterprise topics): solo when there is no speaker.
     * the settings' category is the source (category_custom, category_enterprise).
     */
    async createWithWords(
      callerId: string,
      input: GameSettings & { speller: string; speaker: string | null },
      words: WordSlot[],
    ): Promise<GameView> {
      if (callerId !== input.speller && callerId !== input.speaker) {
        throw new DomainError('FORBIDDEN', 'You can only create a game you play in.');
      }
      if (input.speaker === input.speller) {
        throw new DomainError('BAD_REQUEST', 'The speaker and the speller must be two different players.');
      }
      for (const id of [input.speaker, input.speller]) {
        if (id !== null && !(await deps.userExists(id)))
          throw new DomainError('NOT_FOUND', `There is no player with the id ${id}.`);
      }
      if (!(await deps.isLanguageEnabled(input.language))) {
        throw new DomainError('LANGUAGE_DISABLED', `${input.language} is not available yet.`);
      }
      const solo = input.speaker === null;
      const slots = words.slice(0, solo ? SOLO_WORD_COUNT : PARTNERED_WORD_COUNT);
      if (solo) await repo.deleteUnfinishedSoloOf(input.speller);
      const state = newGame(input, {
        solo,
        speakerId: input.speaker,
        spellerId: input.speller,
        words: slots,
      });
      await repo.insert(state);
      return viewFor(state, callerId);
    },

    /** whether a game with these settings can be made (language enabled, category playable) */
    async isPlayable(settings: Pick<GameSettings, 'language' | 'category'>): Promise<boolean> {
      return categoryName(settings.category) !== null && (await deps.isLanguageEnabled(settings.language));
    },

    /** a partnered game's player did not come back: the game ends for both */
    partnerLeft,

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
      // act loads the game under its lock and checks the player: no read before it
      const state = await act(id, userId, { type: 'guess', by: userId, index, guess, now: clock.now() });
      return viewFor(state, userId);
    },

    /**
     * a player leaves an unfinished game: a solo game is deleted; a partnered one ends for both
     * (the partner keeps the results of what was played). either way a started game counts
     * against "finish every game".
     */
    async deleteUnfinished(id: string, userId: string): Promise<boolean> {
      const state = await repo.get(id);
      if (!state) return false;
      if (!isPlayer(state, userId)) throw new DomainError('NOT_A_PLAYER', 'This is not your game.');
      if (state.status === 'finished') return false;
      if (state.status === 'started') await repo.countUnfinished(userId);
      if (!state.solo) {
        await partnerLeft(id, userId);
        return true;
      }
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
