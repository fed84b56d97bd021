import { CATEGORY_RANDOM, type Role } from '@sayspell/core/constants';

// who can play with whom (pure): same language and difficulty are the queue's buckets; here,
// roles must fit and categories must agree, where "random" agrees with anything

export interface QueueEntry {
  userId: string;
  language: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  category: string;
  role: Role;
  gameTimer: number;
  enteredAt: number;
}

export function rolesFit(a: Role, b: Role): boolean {
  return a === 'either' || b === 'either' || a !== b;
}

/** the category both can play, or null when they disagree */
export function sharedCategory(a: string, b: string): string | null {
  if (a === b) return a;
  if (a === CATEGORY_RANDOM) return b;
  if (b === CATEGORY_RANDOM) return a;
  return null;
}

/** who speaks: a fixed role wins; two 'either's toss a coin (random() < 0.5: the first speaks) */
export function assignRoles(
  first: Pick<QueueEntry, 'userId' | 'role'>,
  second: Pick<QueueEntry, 'userId' | 'role'>,
  random: () => number,
): { speaker: string; speller: string } {
  const firstSpeaks =
    first.role === 'speaker' || second.role === 'speller'
      ? true
      : first.role === 'speller' || second.role === 'speaker'
        ? false
        : random() < 0.5;
  return firstSpeaks
    ? { speaker: first.userId, speller: second.userId }
    : { speaker: second.userId, speller: first.userId };
}
