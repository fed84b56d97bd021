import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type JournalEntry, openGuessJournal } from './guess-journal.ts';

const game = 'a2d8c6a4-5a1e-4f43-9a3c-1b2c3d4e5f60';
const other = 'b2d8c6a4-5a1e-4f43-9a3c-1b2c3d4e5f61';
const guess = (gameId: string, idx: number, g = `word${idx}`): JournalEntry => ({
  gameId,
  idx,
  guess: g,
  correct: idx % 2 === 0,
  at: 1_700_000_000_000 + idx,
});

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** a database stand-in that keeps what is copied, once per game and word (as on conflict do nothing) */
function copied() {
  const rows = new Map<string, JournalEntry>();
  let failNext = 0;
  return {
    rows,
    failTimes(n: number) {
      failNext = n;
    },
    async copy(entries: JournalEntry[]) {
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('database busy');
      }
      for (const e of entries) if (!rows.has(`${e.gameId}:${e.idx}`)) rows.set(`${e.gameId}:${e.idx}`, e);
    },
  };
}

describe('guess journal', () => {
  it('a guess is on disk when append returns, and is copied in and its file deleted on the next flush', async () => {
    const dir = tempDir();
    const db = copied();
    const journal = await openGuessJournal({ dir, copy: db.copy, flushEveryMs: 60_000, onError: () => {} });
    journal.append([guess(game, 0), guess(other, 0, 'it\'s "quoted"\nand a new line')]);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, files[0]!), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    expect(journal.pendingOf(game)).toEqual([
      { idx: 0, guess: 'word0', correct: true, at: 1_700_000_000_000 },
    ]);
    expect(db.rows.size).toBe(0);

    await journal.flush();
    expect(db.rows.size).toBe(2);
    expect(db.rows.get(`${other}:0`)?.guess).toBe('it\'s "quoted"\nand a new line');
    expect(journal.pendingOf(game)).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
    await journal.close();
  });

  it('what a killed process left (its last line cut short) is copied in before the journal opens', async () => {
    const dir = tempDir();
    const first = await openGuessJournal({
      dir,
      copy: copied().copy,
      flushEveryMs: 60_000,
      onError: () => {},
    });
    first.append([guess(game, 0), guess(game, 1)]);
    first.append([guess(game, 2)]);
    // killed: no flush, no close; and a write torn in half
    const [file] = fs.readdirSync(dir);
    fs.appendFileSync(path.join(dir, file!), `["${game}",3,"wor`);

    const db = copied();
    const second = await openGuessJournal({ dir, copy: db.copy, flushEveryMs: 60_000, onError: () => {} });
    expect([...db.rows.keys()]).toEqual([`${game}:0`, `${game}:1`, `${game}:2`]);
    expect(fs.readdirSync(dir)).toEqual([]);
    // the next segment does not reuse the old one's name
    second.append([guess(game, 3)]);
    await second.close();
    expect(db.rows.size).toBe(4);
  });

  it('a copy that fails keeps the guesses (on disk and pending) and is tried again, in order', async () => {
    const dir = tempDir();
    const db = copied();
    const journal = await openGuessJournal({ dir, copy: db.copy, flushEveryMs: 60_000, onError: () => {} });
    journal.append([guess(game, 0)]);
    db.failTimes(1);
    await expect(journal.flush()).rejects.toThrow('database busy');
    expect(journal.pendingOf(game).map((e) => e.idx)).toEqual([0]);
    expect(fs.readdirSync(dir)).toHaveLength(1);

    journal.append([guess(game, 1)]);
    await journal.flush();
    expect([...db.rows.keys()]).toEqual([`${game}:0`, `${game}:1`]);
    expect(journal.pendingOf(game)).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
    await journal.close();
  });

  it('guesses appended while a copy runs wait for the next one and are not lost', async () => {
    const dir = tempDir();
    const rows: JournalEntry[] = [];
    let release!: () => void;
    let calls = 0;
    const copy = async (entries: JournalEntry[]) => {
      calls += 1;
      if (calls === 1) await new Promise<void>((r) => (release = r));
      rows.push(...entries);
    };
    const journal = await openGuessJournal({ dir, copy, flushEveryMs: 60_000, onError: () => {} });
    journal.append([guess(game, 0)]);
    const first = journal.flush();
    await new Promise((r) => setImmediate(r));
    journal.append([guess(game, 1)]);
    expect(journal.pendingOf(game).map((e) => e.idx)).toEqual([0, 1]);
    release();
    await first;
    await journal.close();
    expect(rows.map((e) => e.idx)).toEqual([0, 1]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('copies on its own timer', async () => {
    const dir = tempDir();
    const db = copied();
    const journal = await openGuessJournal({ dir, copy: db.copy, flushEveryMs: 20, onError: () => {} });
    journal.append([guess(game, 0)]);
    await expect.poll(() => db.rows.size).toBe(1);
    await journal.close();
  });
});
