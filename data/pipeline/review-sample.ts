import fs from 'node:fs';
import path from 'node:path';
import { CATEGORIES } from './categories.ts';
import { DATA_DIR } from './lexicon.ts';
import { sample, seededRandom } from './seeded-sample.ts';
import type { WordBank } from './word-bank.ts';
import type { WordEntry } from './word-entry.ts';

// prints a seeded sample of the word bank as Markdown tables, the raw material of REVIEW.md:
//   node --import tsx pipeline/review-sample.ts [seed] [per-category]

function row({ word, difficulty, ipa, syllables, definition, homonyms }: WordEntry): string {
  const also = homonyms.length > 0 ? ` (also: ${homonyms.join(', ')})` : '';
  return `| ${word} | ${difficulty} | /${ipa}/ ${syllables} | ${definition.replaceAll('|', '/')}${also} | |`;
}

const [seed = '2024', perCategory = '10'] = process.argv.slice(2);
const bank = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'words', 'en.json'), 'utf8')) as WordBank;
const random = seededRandom(Number(seed));
for (const category of CATEGORIES) {
  const picked = sample(
    bank.words.filter((w) => w.category === category),
    Number(perCategory),
    random,
  );
  console.info(
    `\n### ${category}\n\n| word | difficulty | IPA, syllables | definition | verdict |\n|---|---|---|---|---|`,
  );
  console.info(picked.map(row).join('\n'));
}
