import fs from 'node:fs';
import path from 'node:path';
import { countsTable } from './counts-table.ts';
import { DATA_DIR, loadLexicon } from './lexicon.ts';
import { buildWordBank, formatWordBank } from './word-bank.ts';

const output = path.join(DATA_DIR, 'words', 'en.json');
const bank = buildWordBank(loadLexicon());
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, formatWordBank(bank));
console.info(`wrote ${bank.words.length} words to ${path.relative(process.cwd(), output)}\n`);
console.info(countsTable(bank.counts));
