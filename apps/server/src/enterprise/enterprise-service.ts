import { CATEGORY_ENTERPRISE, type Difficulty } from '@sayspell/core/constants';
import type { WordSlot } from '@sayspell/core/game/types';
import type { GameView } from '@sayspell/core/protocol/game';
import type { Users } from '../auth/users.ts';
import { DomainError } from '../errors.ts';
import type { Clock, GameService } from '../games/game-service.ts';
import type { Enterprise, EnterpriseRepository } from './enterprise-repository.ts';
import type { EnterpriseWords } from './enterprise-words.ts';

// enterprises (§6 "enterprise users see assigned enterprise topics"): admins manage them (routes and
// command line share these functions), members list their topics and play games of their words

/** a game of an enterprise topic (the route maps the wire's enterPriseCategory, gametimer, userId) */
export interface EnterpriseGameRequest {
  /** the topic's name, any case */
  topic: string;
  /** seconds; the caller's own timer when absent */
  gameTimer?: number | undefined;
  speller: string;
  speaker: string | null;
  difficulty: Difficulty;
  language: string;
}

export function createEnterpriseService(deps: {
  repo: EnterpriseRepository;
  clock: Clock;
  users: Users;
  words: EnterpriseWords;
  /** absent on the command line, which makes no games */
  games?: GameService;
}) {
  const { repo, clock } = deps;

  async function requireEnterprise(id: string) {
    if (!(await repo.exists(id))) throw new DomainError('NOT_FOUND', 'There is no such enterprise.');
  }

  async function views(ids?: string[]): Promise<Enterprise[]> {
    return repo.list(ids);
  }

  async function view(id: string): Promise<Enterprise> {
    const [one] = await views([id]);
    if (!one) throw new DomainError('NOT_FOUND', 'There is no such enterprise.');
    return one;
  }

  return {
    list: () => views(),
    view,

    /** the command line names an enterprise by its name (any case) or its id */
    async resolve(nameOrId: string): Promise<Enterprise> {
      const key = nameOrId.trim();
      const id = /^[0-9a-f-]{36}$/i.test(key) ? key : await repo.idByName(key);
      if (!id) throw new DomainError('NOT_FOUND', `There is no enterprise "${key}".`);
      const [one] = await views([id]);
      if (!one) throw new DomainError('NOT_FOUND', `There is no enterprise "${key}".`);
      return one;
    },

    async create(name: string): Promise<Enterprise> {
      const id = await repo.create(name.trim(), clock.now());
      if (!id) throw new DomainError('CONFLICT', `There is already an enterprise called "${name.trim()}".`);
      return view(id);
    },

    async remove(id: string): Promise<void> {
      await requireEnterprise(id);
      await repo.remove(id);
    },

    /** by e-mail or username; adding a member twice changes nothing */
    async addMember(id: string, login: string): Promise<Enterprise> {
      await requireEnterprise(id);
      const user = await deps.users.byLogin(login);
      if (!user || user.deletedAt)
        throw new DomainError('NOT_FOUND', `There is no account "${login.trim()}".`);
      if (user.role === 'guest') {
        throw new DomainError(
          'BAD_REQUEST',
          `${user.username} is a guest; only registered accounts can be members.`,
        );
      }
      await repo.addMember(id, user.id, clock.now());
      return view(id);
    },

    async removeMember(id: string, userId: string): Promise<Enterprise> {
      await requireEnterprise(id);
      if (!(await repo.removeMember(id, userId)))
        throw new DomainError('NOT_FOUND', 'That account is not a member of this enterprise.');
      return view(id);
    },

    /** every word must be in the word bank or the dictionary; the unknown ones are named */
    async addTopic(
      id: string,
      input: { name: string; words: string[]; difficulty?: Difficulty | undefined },
    ): Promise<Enterprise> {
      await requireEnterprise(id);
      const spellings = [...new Set(input.words.map((w) => w.trim().toLowerCase()))];
      const unknown: string[] = [];
      for (const w of spellings) if (!(await deps.words.lookup(w))) unknown.push(w);
      if (unknown.length > 0) {
        throw new DomainError(
          'UNKNOWN_WORDS',
          `${unknown.length === 1 ? 'This word is' : 'These words are'} not in the dictionary: ${unknown.join(', ')}.`,
        );
      }
      const topic = { name: input.name.trim(), words: spellings, difficulty: input.difficulty ?? null };
      if (!(await repo.addTopic(id, topic, clock.now()))) {
        throw new DomainError('CONFLICT', `This enterprise already has a topic called "${topic.name}".`);
      }
      return view(id);
    },

    async removeTopic(id: string, topicId: string): Promise<Enterprise> {
      await requireEnterprise(id);
      if (!(await repo.removeTopic(id, topicId)))
        throw new DomainError('NOT_FOUND', 'This enterprise has no such topic.');
      return view(id);
    },

    /** the unique topic names of every enterprise the user belongs to, alphabetical */
    async assignedTopics(userId: string): Promise<string[]> {
      const unique = new Map<string, string>();
      for (const name of await repo.topicNamesOf(userId))
        if (!unique.has(name.toLowerCase())) unique.set(name.toLowerCase(), name);
      return [...unique.values()].sort((a, b) => a.localeCompare(b));
    },

    /** a game of a topic's words; only a member of an enterprise with that topic may make one */
    async createGame(callerId: string, input: EnterpriseGameRequest): Promise<GameView> {
      if (!deps.games) throw new Error('enterprise games need the game service');
      const topic = await repo.topicOfMember(callerId, input.topic.trim());
      if (!topic) {
        throw new DomainError(
          'FORBIDDEN',
          `"${input.topic.trim()}" is not a topic of an enterprise you belong to.`,
        );
      }
      const gameTimer = input.gameTimer ?? (await deps.users.byId(callerId))?.gameTimer ?? 90;
      const slots = await slotsFor(topic.name, topic.words);
      if (slots.length === 0) {
        throw new DomainError(
          'NOT_ENOUGH_WORDS',
          `The topic "${topic.name}" has no playable words any more.`,
        );
      }
      return deps.games.createWithWords(
        callerId,
        {
          language: input.language,
          difficulty: input.difficulty,
          category: CATEGORY_ENTERPRISE,
          gameTimer,
          speller: input.speller,
          speaker: input.speaker,
        },
        slots,
      );
    },
  };

  /** the topic's words in a random order, one per sound, with their pronunciation and homophones */
  async function slotsFor(topicName: string, spellings: string[]): Promise<WordSlot[]> {
    const shuffled = [...spellings];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const heard = new Set<string>();
    const slots: WordSlot[] = [];
    for (const s of shuffled) {
      const w = await deps.words.lookup(s);
      if (!w || heard.has(w.word)) continue;
      for (const x of [w.word, ...w.homonyms]) heard.add(x);
      // the topic's name travels with each word, as the category shown next to it
      slots.push({ ...w, category: topicName, guess: null, used: false, correct: null });
    }
    return slots;
  }
}

export type EnterpriseService = ReturnType<typeof createEnterpriseService>;
