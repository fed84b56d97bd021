import { CATEGORY_ENTERPRISE } from '@sayspell/core/constants';
import type { InviteSettings } from '@sayspell/core/protocol/social';
import { MIN_TOPIC_WORDS } from '@sayspell/core/protocol/topics';
import { DomainError } from '../errors.ts';
import type { GameService } from '../games/game-service.ts';

// what an invite's game would fail on, asked when the invite is sent: the receiver should never
// accept an invite whose game cannot be made

const CUSTOM = 'category_custom';

export function createInviteSettingsCheck(deps: {
  games: GameService;
  isLanguageEnabled: (name: string) => Promise<boolean>;
  /** the checked words a custom topic yields */
  topicWords: (
    topic: string,
    q: { difficulty: InviteSettings['difficulty']; count: number },
  ) => Promise<unknown[]>;
  /** the enterprise topics the user may play */
  enterpriseTopics: (userId: string) => Promise<string[]>;
}) {
  return async function check(fromId: string, s: InviteSettings): Promise<void> {
    const topic = s.topic?.replace(/\s+/g, ' ').trim();
    if (s.category === CATEGORY_ENTERPRISE && topic) {
      await languageEnabled(s.language);
      const mine = await deps.enterpriseTopics(fromId);
      if (!mine.some((t) => t.toLowerCase() === topic.toLowerCase())) {
        throw new DomainError('FORBIDDEN', `"${topic}" is not a topic of an enterprise you belong to.`);
      }
      return;
    }
    if (s.category === CUSTOM && topic) {
      await languageEnabled(s.language);
      const words = await deps.topicWords(topic, { difficulty: s.difficulty, count: MIN_TOPIC_WORDS });
      if (words.length < MIN_TOPIC_WORDS) {
        throw new DomainError(
          'NOT_ENOUGH_WORDS',
          `"${topic}" gives too few playable words for a game. Try a broader topic, e.g. "animals" or "music".`,
        );
      }
      return;
    }
    await deps.games.checkPartnered({
      language: s.language,
      difficulty: s.difficulty,
      category: s.category,
      gameTimer: s.gameTimer,
    });
  };

  async function languageEnabled(name: string) {
    if (!(await deps.isLanguageEnabled(name))) {
      throw new DomainError('LANGUAGE_DISABLED', `${name} is not available yet.`);
    }
  }
}
