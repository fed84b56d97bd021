import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@sayspell/server/db/database';
import { seed, WORD_BANK_FILE } from '@sayspell/server/db/seed';
import { median, writeResult } from './measure.ts';

// the word bank seed a server runs on its first start: a fresh PGlite folder, migrated, then
// seed() timed alone. BANKS=a.json,b.json compares bank files (runs alternate); medians reported.
//   node --conditions=source --import tsx bench/src/seed-time.ts

const runs = Number(process.env.RUNS ?? 5);
const banks = (process.env.BANKS ?? WORD_BANK_FILE).split(',');

async function seedOnce(bank: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-seed-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    const started = performance.now();
    await seed(database.db, bank);
    return performance.now() - started;
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const times = new Map<string, number[]>(banks.map((b) => [b, []]));
for (let i = 0; i < runs; i++) for (const bank of banks) times.get(bank)!.push(await seedOnce(bank));
const result = banks.map((bank) => {
  const { words } = JSON.parse(fs.readFileSync(bank, 'utf8')) as { words: unknown[] };
  const ms = times.get(bank)!;
  return { bank, words: words.length, medianMs: Math.round(median(ms)), runsMs: ms.map(Math.round) };
});
console.info(result);
writeResult('seed-time', { runs, result });
