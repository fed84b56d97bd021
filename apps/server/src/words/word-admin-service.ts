import { ENABLED_CATEGORIES } from '@sayspell/core/constants';
import type { WordAuditEntry, WordChangeAnswer } from '@sayspell/core/protocol/words';
import { DomainError } from '../errors.ts';
import type { Clock } from '../games/game-service.ts';
import type { LanguageRepository } from './language-repository.ts';
import type { Pronunciations } from './pronunciations.ts';
import type { WordRepository } from './word-repository.ts';

// admin word tools (§6): add and remove words per language and homophone pairs. every change is
// written with its audit row in one transaction (word-repository.ts); new games pick from the
// table, so they see it.

export function createWordAdminService(deps: {
  words: WordRepository;
  languages: LanguageRepository;
  clock: Clock;
  pronunciations: Pronunciations;
}) {
  const { words, clock } = deps;
  const by = (adminId: string) => ({ adminId, at: clock.now() });

  async function requireLanguage(name: string) {
    if (!(await deps.languages.exists(name)))
      throw new DomainError('NOT_FOUND', `There is no language called "${name}".`);
  }

  return {
    async addWord(
      adminId: string,
      input: {
        language: string;
        word: string;
        category?: string | undefined;
        difficulty?: 'beginner' | 'intermediate' | 'advanced' | undefined;
        definition?: string | undefined;
      },
    ): Promise<WordChangeAnswer> {
      await requireLanguage(input.language);
      const category = input.category ?? 'random';
      if (input.category && !(ENABLED_CATEGORIES as readonly string[]).includes(category)) {
        throw new DomainError('CATEGORY_UNAVAILABLE', `The category "${category}" is not available.`);
      }
      const pron = await deps.pronunciations.lookup(input.word);
      const syllables = pron?.syllables ?? null;
      const difficulty =
        input.difficulty ??
        (syllables !== null && syllables >= 4
          ? 'advanced'
          : syllables !== null && syllables >= 2
            ? 'intermediate'
            : 'beginner');
      // homonyms stored on other rows of the same spelling, so an added word keeps its sound-alikes
      const added = await words.addWord(by(adminId), {
        language: input.language,
        word: input.word,
        category,
        difficulty,
        ipa: pron?.ipa ?? null,
        syllables,
        definition: input.definition ?? null,
        homonyms: await words.homophonesOf(input.word),
      });
      if (!added) throw new DomainError('CONFLICT', `"${input.word}" is already in the ${category} words.`);
      return { ok: true, changed: 1 };
    },

    async removeWord(adminId: string, input: { language: string; word: string }): Promise<WordChangeAnswer> {
      await requireLanguage(input.language);
      const changed = await words.removeWord(by(adminId), input.language, input.word);
      if (changed === 0) {
        throw new DomainError('NOT_FOUND', `"${input.word}" is not among the ${input.language} words.`);
      }
      return { ok: true, changed };
    },

    /** word1 and word2 sound alike: each counts as a correct spelling of the other */
    async addHomonym(adminId: string, pair: { word1: string; word2: string }): Promise<WordChangeAnswer> {
      const { known, changed } = await words.addHomophones(by(adminId), pair);
      if (!known) {
        throw new DomainError(
          'NOT_FOUND',
          `Neither "${pair.word1}" nor "${pair.word2}" is in the word bank: add one of them first.`,
        );
      }
      if (changed === 0) {
        throw new DomainError('CONFLICT', `"${pair.word1}" and "${pair.word2}" are already homophones.`);
      }
      return { ok: true, changed };
    },

    async removeHomonym(adminId: string, pair: { word1: string; word2: string }): Promise<WordChangeAnswer> {
      const changed = await words.removeHomophones(by(adminId), pair);
      if (changed === 0) {
        throw new DomainError(
          'NOT_FOUND',
          `"${pair.word1}" and "${pair.word2}" are not homophones in the word bank.`,
        );
      }
      return { ok: true, changed };
    },

    async auditTrail(limit = 100): Promise<WordAuditEntry[]> {
      return words.auditTrail(limit);
    },
  };
}

export type WordAdminService = ReturnType<typeof createWordAdminService>;
