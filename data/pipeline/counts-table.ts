import { CATEGORIES } from './categories.ts';
import { DIFFICULTIES } from './difficulty.ts';
import type { Counts } from './word-bank.ts';

/** the counts as a Markdown table, for the build log and the README. */
export function countsTable(counts: Counts): string {
  const total = (category: (typeof CATEGORIES)[number]) =>
    DIFFICULTIES.reduce((sum, difficulty) => sum + counts[category][difficulty], 0);
  const rows = CATEGORIES.map(
    (category) =>
      `| ${category} | ${DIFFICULTIES.map((difficulty) => counts[category][difficulty]).join(' | ')} | ${total(category)} |`,
  );
  return [`| category | ${DIFFICULTIES.join(' | ')} | total |`, `|---|${'---:|'.repeat(4)}`, ...rows].join(
    '\n',
  );
}
