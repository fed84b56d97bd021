import { randomUUID } from 'node:crypto';
import { CATEGORY_PRACTICE, PARTNERED_WORD_COUNT, SOLO_WORD_COUNT } from '@sayspell/core/constants';
import type { GameAction } from '@sayspell/core/game/engine';
import { initialGameState } from '@sayspell/core/game/initial-state';
import { playerDelta, playerView, type ViewOptions } from '@sayspell/core/game/player-view';
import { isPlayer } from '@sayspell/core/game/players';
import type { GameState, WordSlot } from '@sayspell/core/game/types';
import type { GameDelta, GameUpdate, GameView } from '@sayspell/core/protocol/game';
import { categoryName } from '@sayspell/core/rules/options';
import { DomainError } from '../errors.ts';
import type { AudioLinks } from './audio-links.ts';
import type { GameRepository } from './game-repository.ts';
import type { DeadlineScheduler } from './lifecycle/deadline-scheduler.ts';
import type { GameOwner, OwnerEffects } from './owner/game-owner.ts';
import { PRACTICE, type WordPicker } from './word-picker.ts';

// the authority over games: who may do what, games made and cleared away, deadlines and the
// broadcaster. a game's state lives with its owner (owner/game-owner.ts: in memory on the instance
// that owns it, the pure engine applied there, durable before it is answered). it knows no
// sockets and no http.

/** the answer to a request that names a partner who did not agree (a match or an invite is consent) */
export const NEEDS_CONSENT =
  'A game with a partner needs their consent: invite them, or find a partner in matching.';

export interface GameBroadcaster {
  /** origin: the connection whose handshake started the game, which has the view in its answer */
  started(state: GameState, origin?: string): void;
  /**
   * applied: what changed the game, when it was a guess: the index of the word guessed, and the
   * connection that sent it (`origin`), which has the change in its answer already
   */
  updated(state: GameState, applied?: { guessIndex: number; origin?: string }): void;
  /**
   * ended.leftBy: the player who left a game that ended as 'partner-left'. ended.origin: the
   * connection whose guess finished the game, which has the finished view in its answer
   */
  finished(state: GameState, ended?: { leftBy?: string; origin?: string }): void;
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

/** a new game: who plays (no speaker: solo) and its words (picked from the settings when absent) */
export interface NewGame {
  settings: GameSettings;
  players: { speller: string; speaker: string | null };
  /** words chosen elsewhere (custom and enterprise topics); else picked for the settings */
  words?: WordSlot[];
  /** a reserved id (play again) */
  id?: string;
}

/** what makes an owner: made by the service, which hands it what the owner must do */
export type OwnerFactory = (effects: OwnerEffects) => GameOwner;

export function createGameService(deps: {
  repo: GameRepository;
  /** the game owner (owner/game-owner.ts), made with the service's effects */
  owner: OwnerFactory;
  pickWords: WordPicker;
  audio: AudioLinks;
  clock: Clock;
  broadcaster: GameBroadcaster;
  presence: GamePresence;
  /** the instance's deadlines (games/lifecycle/deadline-scheduler.ts) */
  scheduler: DeadlineScheduler;
  /** how long a player who closed the page has to come back before the game is deleted */
  abandonGraceMs: number;
  isLanguageEnabled: (name: string) => Promise<boolean>;
  userExists: (id: string) => Promise<boolean>;
  /** the learning loop hears every applied guess (learning/learning-service.ts) */
  learning?: {
    guessed(state: GameState, index: number): Promise<void>;
    /** a game rebuilt from the database: its guesses counted again where they were not yet */
    replay(state: GameState): Promise<void>;
  };
}) {
  const { repo, pickWords, audio, clock, broadcaster, scheduler } = deps;

  const viewOptions = (state: GameState, viewerId: string): ViewOptions => ({
    viewerId,
    now: clock.now(),
    audioUrl: state.status === 'started' ? audio.url(state.id, state.currentIndex) : null,
  });
  const viewFor = (state: GameState, viewerId: string): GameView =>
    playerView(state, viewOptions(state, viewerId));
  /** what a guess's update-game carries to one player: that player's view of the turn, no more */
  const deltaFor = (state: GameState, viewerId: string, answered: number): GameDelta =>
    playerDelta(state, answered, viewOptions(state, viewerId));

  // a game state is never changed in place (the engine makes a new one), so its serialised views
  // live as long as the state itself: the owner's memory holds a live game's current state
  const viewJson = new WeakMap<GameState, Map<string, string>>();

  async function load(id: string, userId: string): Promise<GameState> {
    const state = await owner.read(id);
    if (!state)
      throw new DomainError('GAME_NOT_FOUND', 'This game does not exist (it may have been deleted).');
    if (!isPlayer(state, userId)) throw new DomainError('NOT_A_PLAYER', 'You are not a player in this game.');
    return state;
  }

  /** applies one action through the game's owner; the owner broadcasts when it changed the game */
  const act = (id: string, userId: string | null, action: GameAction, origin?: string): Promise<GameState> =>
    owner.act(id, userId, action, origin);

  const owner = deps.owner({
    applied(next, prev, action, origin) {
      if (next.status === 'finished') {
        clearTimer(next.id);
        broadcaster.finished(next, action.type === 'partner-left' ? { leftBy: action.by } : { origin });
      } else if (prev.status === 'created') {
        schedule(next);
        broadcaster.started(next, origin);
      } else {
        broadcaster.updated(next, action.type === 'guess' ? { guessIndex: action.index, origin } : undefined);
      }
    },
    tookOver(state) {
      schedule(state);
      // its last owner may have answered a guess and died before that guess's learning update
      void deps.learning?.replay(state);
    },
  });

  const deadlineKey = (id: string) => `game-ends:${id}`;

  function clearTimer(id: string) {
    scheduler.cancel(deadlineKey(id));
  }

  function schedule(state: Pick<GameState, 'id' | 'endsAt'>) {
    if (state.endsAt === null) return;
    scheduler.at(deadlineKey(state.id), state.endsAt, () => expire(state.id));
  }

  /** finishes a game whose deadline passed; safe to call from any instance, any number of times */
  async function expire(id: string): Promise<void> {
    try {
      await act(id, null, { type: 'expire', now: clock.now() });
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'GAME_NOT_FOUND')) throw err;
    }
  }

  /**
   * a game whose page was closed, once the wait is over: kept when its players are back, else
   * ended (partnered) or deleted (solo); whether it was ended or deleted
   */
  async function settleAbandoned(id: string): Promise<boolean> {
    const state = await owner.read(id);
    if (!state || state.status === 'finished') return false;
    const online = await deps.presence.playersOnline(id);
    const gone = [state.spellerId, state.speakerId].filter((p): p is string => p !== null && !online.has(p));
    if (online.size > 0 && (state.solo || gone.length === 0)) {
      await repo.clearAbandoned(id);
      return false;
    }
    if (!state.solo) {
      for (const p of gone) {
        if (wasGoingOn(state)) await repo.countUnfinished(p);
        await partnerLeft(id, p);
      }
      return true;
    }
    if (!(await repo.deleteAbandoned(id))) return false;
    owner.forget([id]);
    clearTimer(id);
    if (wasGoingOn(state)) await repo.countUnfinished(state.spellerId);
    return true;
  }

  /** deletes games whose players left and did not come back; returns how many */
  async function sweepAbandoned(): Promise<number> {
    let deleted = 0;
    for (const id of await repo.abandonedBefore(clock.now() - deps.abandonGraceMs)) {
      if (await settleAbandoned(id)) deleted++;
    }
    return deleted;
  }

  /**
   * "finish every game": a game that was going on (started, its clock still running) and that a
   * player takes away (delete, a new solo game in its place, a closed page not back in time)
   * counts once against that player. a game that never started counts nothing.
   */
  const wasGoingOn = (g: { status: GameState['status']; endsAt: number | null }) =>
    g.status === 'started' && (g.endsAt === null || g.endsAt > clock.now());

  /** clears the player's unfinished solo games away, counting the one that was going on */
  async function replaceSoloOf(userId: string): Promise<void> {
    const gone = await repo.deleteUnfinishedSoloOf(userId);
    owner.forget(gone.map((g) => g.id));
    for (const g of gone) {
      clearTimer(g.id);
      if (wasGoingOn(g)) await repo.countUnfinished(userId);
    }
  }

  async function partnerLeft(id: string, userId: string): Promise<void> {
    try {
      await act(id, null, { type: 'partner-left', by: userId, now: clock.now() });
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'GAME_NOT_FOUND')) throw err;
    }
  }

  async function wordsFor(settings: GameSettings & { speller?: string }, count: number): Promise<WordSlot[]> {
    if (!(await deps.isLanguageEnabled(settings.language))) {
      throw new DomainError('LANGUAGE_DISABLED', `${settings.language} is not available yet.`);
    }
    const practice = settings.category === CATEGORY_PRACTICE;
    const category = practice ? PRACTICE : categoryName(settings.category);
    if (!category) {
      throw new DomainError('CATEGORY_UNAVAILABLE', `The category "${settings.category}" is not available.`);
    }
    const words = await pickWords({
      language: settings.language,
      category,
      difficulty: settings.difficulty,
      count,
      player: settings.speller,
    });
    if (practice && words.length === 0) {
      throw new DomainError('NOT_ENOUGH_WORDS', 'You have no words to practise today. Play a game first.');
    }
    // a game needs at least the words the solo voice speaks; a partnered one takes what there is
    if (!practice && words.length < Math.min(count, SOLO_WORD_COUNT)) {
      throw new DomainError(
        'NOT_ENOUGH_WORDS',
        `There are not enough ${settings.difficulty} words in this category yet. Try another difficulty.`,
      );
    }
    return words;
  }

  /**
   * the one way a game is made (solo, partnered, of chosen words): the caller must play in it
   * (null: the server itself, for matching and play again); a solo game replaces the player's
   * unfinished one. the instance that makes it owns it
   */
  async function create(callerId: string | null, game: NewGame): Promise<GameView> {
    const { settings, players } = game;
    const solo = players.speaker === null;
    if (players.speaker === players.speller) {
      throw new DomainError('BAD_REQUEST', 'The speaker and the speller must be two different players.');
    }
    if (callerId !== null && callerId !== players.speaker && callerId !== players.speller) {
      throw new DomainError('FORBIDDEN', 'You can only create a game you play in.');
    }
    for (const id of [players.speaker, players.speller]) {
      // a solo player asking for their own game is signed in: no need to look
      if (id === null || (solo && id === callerId)) continue;
      if (!(await deps.userExists(id)))
        throw new DomainError('NOT_FOUND', `There is no player with the id ${id}.`);
    }
    const count = solo ? SOLO_WORD_COUNT : PARTNERED_WORD_COUNT;
    let words: WordSlot[];
    if (game.words) {
      if (!(await deps.isLanguageEnabled(settings.language))) {
        throw new DomainError('LANGUAGE_DISABLED', `${settings.language} is not available yet.`);
      }
      words = game.words.slice(0, count);
    } else {
      words = await wordsFor({ ...settings, speller: players.speller }, count);
    }
    // one solo game at a time: the one before is cleared away (and counted if it was going on)
    if (solo) await replaceSoloOf(players.speller);
    const state = initialGameState({
      id: game.id ?? randomUUID(),
      now: clock.now(),
      settings,
      players,
      words,
    });
    await owner.create(state);
    return viewFor(state, callerId ?? players.speller);
  }

  return {
    viewFor,
    deltaFor,
    sweepAbandoned,
    settleAbandoned,

    /** the game as stored, or null (the lifecycle reads it to know what a leave means) */
    stateOf: (id: string) => owner.read(id),

    create,

    async createSolo(userId: string, input: SoloGameInput): Promise<GameView> {
      if (input.speller !== userId) {
        throw new DomainError(
          'FORBIDDEN',
          'In a solo game you are the speller: speller must be your own id.',
        );
      }
      return create(userId, { settings: input, players: { speller: userId, speaker: null } });
    },

    /** a game for two: the caller must be one of them; matching and invites come through here */
    createPartnered: (callerId: string | null, input: PartneredGameInput, id?: string): Promise<GameView> =>
      create(callerId, { settings: input, players: { speller: input.speller, speaker: input.speaker }, id }),

    /**
     * a game of words chosen elsewhere (custom and enterprise topics): solo when there is no speaker.
     * the settings' category is the source (category_custom, category_enterprise).
     */
    createWithWords: (
      callerId: string,
      input: GameSettings & { speller: string; speaker: string | null },
      words: WordSlot[],
    ): Promise<GameView> =>
      create(callerId, {
        settings: input,
        players: { speller: input.speller, speaker: input.speaker },
        words,
      }),

    /** throws the sentence a partnered game of these settings would fail with (language, category, words) */
    async checkPartnered(settings: GameSettings): Promise<void> {
      await wordsFor(settings, PARTNERED_WORD_COUNT);
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

    /**
     * the body of GET /v1/game/{id}, `{"data": view}` as JSON. a page asks for its live game many
     * times between two moves, and serialising the ~3 KB view was the biggest part of that
     * answer's cpu (issue 16, B5): the view without its clock is serialised once per game state
     * and viewer, and the clock (serverNow) is added to it at each answer
     */
    async getJson(id: string, userId: string): Promise<string> {
      const state = await load(id, userId);
      let byViewer = viewJson.get(state);
      if (!byViewer) {
        byViewer = new Map();
        viewJson.set(state, byViewer);
      }
      let json = byViewer.get(userId);
      if (json === undefined) {
        const { serverNow: _clock, ...rest } = viewFor(state, userId);
        json = JSON.stringify(rest);
        byViewer.set(userId, json);
      }
      return `{"data":${json.slice(0, -1)},"serverNow":${clock.now()}}}`;
    },

    /**
     * a player is online in the game; the game starts once every player is. `origin`: the
     * connection that asked, whose answer is the started view (the broadcast skips it)
     */
    async handshake(
      id: string,
      userId: string,
      online: (s: GameState) => Promise<boolean>,
      origin?: string,
    ): Promise<GameView> {
      const state = await load(id, userId);
      if (state.status !== 'created' || !(await online(state))) return viewFor(state, userId);
      return viewFor(await act(id, userId, { type: 'start', now: clock.now() }, origin), userId);
    },

    /**
     * the guesser's answer is what their update-game carries (issue 16): the delta of this guess,
     * or the full view when it finished the game. the learning update runs after the answer.
     * `origin`: the connection that guessed; the others of both players get the update-game
     */
    async guess(
      id: string,
      userId: string,
      index: number,
      guess: string,
      origin?: string,
    ): Promise<GameUpdate> {
      // act loads the game under its lock and checks the player: no read before it
      const action: GameAction = { type: 'guess', by: userId, index, guess, now: clock.now() };
      const state = await act(id, userId, action, origin);
      // queued per player, errors logged: it is not part of what the guess answers
      void deps.learning?.guessed(state, index);
      return state.status === 'finished' ? viewFor(state, userId) : deltaFor(state, userId, index);
    },

    /**
     * a player leaves an unfinished game: a solo game is deleted; a partnered one ends for both
     * (the partner keeps the results of what was played). either way a started game counts
     * against "finish every game".
     */
    async deleteUnfinished(id: string, userId: string): Promise<boolean> {
      const state = await owner.read(id);
      if (!state) return false;
      if (!isPlayer(state, userId)) throw new DomainError('NOT_A_PLAYER', 'This is not your game.');
      if (state.status === 'finished') return false;
      if (wasGoingOn(state)) await repo.countUnfinished(userId);
      if (!state.solo) {
        await partnerLeft(id, userId);
        return true;
      }
      const deleted = await repo.deleteUnfinished(id, userId);
      if (deleted) {
        owner.forget([id]);
        clearTimer(id);
      }
      return deleted;
    },

    /** the closed page is back (a reload asked for its game): its mark is lifted */
    keepAbandoned: (id: string): Promise<void> => repo.clearAbandoned(id),

    /** the page was closed or reloaded: delete the game unless the player is back in time */
    async abandon(id: string, userId: string): Promise<boolean> {
      const state = await owner.read(id);
      if (!state) return false;
      // a stranger learns nothing and marks nothing: the same refusal as the immediate delete
      if (!isPlayer(state, userId)) throw new DomainError('NOT_A_PLAYER', 'This is not your game.');
      return repo.markAbandoned(id, userId, clock.now());
    },

    /** the word to speak for an audio link, if the link is for the current turn */
    async audioWord(id: string, token: string): Promise<string> {
      const state = await owner.read(id);
      const slot = state?.words[state.currentIndex];
      if (state?.status !== 'started' || !slot || !audio.matches(id, state.currentIndex, token)) {
        throw new DomainError('AUDIO_EXPIRED', 'This audio link is not valid any more.');
      }
      return slot.word;
    },

    expire,

    /** the owner: games held by this instance, its relay, its stop */
    owner,

    /** after a restart: every running game gets its deadline timer back */
    async resumeTimers(): Promise<number> {
      const running = await repo.startedIds();
      for (const g of running) schedule(g);
      return running.length;
    },

    /** the safety net for deadlines whose timer died with another instance */
    async sweep(): Promise<number> {
      const ids = await repo.overdueIds(clock.now());
      for (const id of ids) await expire(id);
      return ids.length + (await sweepAbandoned());
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
