import type { WordSlot } from '@sayspell/core/game/types';
import type { GameView } from '@sayspell/core/protocol/game';
import { MIN_TOPIC_WORDS, type TrendingTopic } from '@sayspell/core/protocol/topics';
import type { Logger } from 'pino';
import { DomainError } from '../errors.ts';
import type { Clock, GameService } from '../games/game-service.ts';
import type { LoadedTopicIndex } from './topic-index.ts';
import type { TopicPlayRepository } from './topic-play-repository.ts';
import type { TopicDifficulty, TopicProvider } from './topic-providers.ts';

// custom topics (§1 "My Topics") and trending topics: a provider proposes words, each is checked
// against the dictionary (the topic index's playable words) before it is played

export const CUSTOM_CATEGORY = 'category_custom';
const TRENDING_WINDOW_MS = 7 * 24 * 3600 * 1000;
const TRENDING_LIMIT = 10;

/** a game of a custom topic (the route maps the wire's category, gametimer and userId) */
export interface CustomGameRequest {
  topic: string;
  /** seconds */
  gameTimer: number;
  speller: string;
  speaker: string | null;
  difficulty: TopicDifficulty;
  /** how many words (a number), or the player's own words, checked like generated ones */
  words?: number | string[] | undefined;
  language: string;
}

/** the first `count` proposed spellings the dictionary knows, without offensive words and
 * without two words that sound alike, with their pronunciation, definition and homophones */
export function checkedWords(index: LoadedTopicIndex, proposed: string[], count: number): WordSlot[] {
  const seen = new Set<string>();
  const slots: WordSlot[] = [];
  for (const p of proposed) {
    const w = index.word(p.trim().toLowerCase());
    // not in the dictionary, offensive, or the sound of a word already played
    if (!w || seen.has(w.word)) continue;
    for (const x of [w.word, ...w.homonyms]) seen.add(x);
    slots.push({
      word: w.word,
      homonyms: w.homonyms,
      category: 'custom',
      ipa: w.ipa,
      syllables: w.syllables,
      definition: w.definition || null,
      guess: null,
      used: false,
      correct: null,
    });
    if (slots.length >= count) break;
  }
  return slots;
}

export function createTopicService(deps: {
  plays: TopicPlayRepository;
  clock: Clock;
  games: GameService;
  provider: TopicProvider;
  index: () => LoadedTopicIndex;
  logger: Logger;
}) {
  const { plays, clock } = deps;

  /** the words a topic yields, checked and with their pronunciation, definition and homophones */
  async function wordsFor(
    topic: string,
    q: { difficulty: TopicDifficulty; count: number; own?: string[] | undefined },
  ): Promise<WordSlot[]> {
    let proposed: string[];
    if (q.own && q.own.length > 0) proposed = q.own;
    else {
      try {
        proposed = await deps.provider.wordsFor(topic, q);
      } catch (err) {
        deps.logger.warn({ err, provider: deps.provider.name }, 'topic provider failed');
        throw new DomainError(
          'UNAVAILABLE',
          'The word generator is not answering right now. Try again soon.',
        );
      }
    }
    return checkedWords(deps.index(), proposed, q.count);
  }

  return {
    wordsFor,

    async createCustomGame(callerId: string, input: CustomGameRequest): Promise<GameView> {
      const { speaker } = input;
      const count =
        typeof input.words === 'number' ? Math.max(input.words, MIN_TOPIC_WORDS) : speaker ? 20 : 10;
      const own = Array.isArray(input.words) ? input.words : undefined;
      const topic = input.topic.replace(/\s+/g, ' ').trim();
      const slots = await wordsFor(topic, { difficulty: input.difficulty, count, own });
      if (slots.length < MIN_TOPIC_WORDS) {
        throw new DomainError(
          'NOT_ENOUGH_WORDS',
          `"${topic}" gave only ${slots.length} playable word${slots.length === 1 ? '' : 's'}; a game needs ${MIN_TOPIC_WORDS}. Try a broader topic, e.g. "animals" or "music".`,
        );
      }
      const game = await deps.games.createWithWords(
        callerId,
        {
          language: input.language,
          difficulty: input.difficulty,
          category: CUSTOM_CATEGORY,
          gameTimer: input.gameTimer,
          speller: input.speller,
          speaker,
        },
        slots,
      );
      await plays.add({ topic: topic.toLowerCase(), userId: callerId, gameId: game._id, at: clock.now() });
      return game;
    },

    /** the custom topics most played in the last week, by distinct players then by games */
    async trending(): Promise<TrendingTopic[]> {
      const topics = await plays.mostPlayedSince(clock.now() - TRENDING_WINDOW_MS, TRENDING_LIMIT);
      return topics.map((topic) => ({ categoryName: topic }));
    },
  };
}

export type TopicService = ReturnType<typeof createTopicService>;
