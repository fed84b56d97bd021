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

/** a journal whose timer does nothing within a test: it copies on flush and close */
const untimed = (dir: string, db: ReturnType<typeof copied>) =>
  openGuessJournal({ dir, copy: db.copy, tickEveryMs: 60_000, onError: () => {} });

/** a journal whose timer runs every 20 ms, each append in a file of its own */
const onItsTimer = (dir: string, db: ReturnType<typeof copied>, copyAfterMs: number) =>
  openGuessJournal({
    dir,
    copy: db.copy,
    tickEveryMs: 20,
    rotateEveryMs: 0,
    copyAfterMs,
    onError: () => {},
  });

describe('guess journal', () => {
  it('a guess is on disk when append returns, and is copied in and its file deleted on the next flush', async () => {
    const dir = tempDir();
    const db = copied();
    const journal = await untimed(dir, db);
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
    const first = await untimed(dir, copied());
    first.append([guess(game, 0), guess(game, 1)]);
    first.append([guess(game, 2)]);
    // killed: no flush, no close; and a write torn in half
    const [file] = fs.readdirSync(dir);
    fs.appendFileSync(path.join(dir, file!), `["${game}",3,"wor`);

    const db = copied();
    const second = await untimed(dir, db);
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
    const journal = await untimed(dir, db);
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
    const journal = await openGuessJournal({ dir, copy, tickEveryMs: 60_000, onError: () => {} });
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

  it('copies on its own timer what waited long enough', async () => {
    const dir = tempDir();
    const db = copied();
    const journal = await onItsTimer(dir, db, 0);
    journal.append([guess(game, 0)]);
    await expect.poll(() => db.rows.size).toBe(1);
    await expect.poll(() => fs.readdirSync(dir)).toEqual([]);
    await journal.close();
  });

  it("a finished game's guesses are never copied: once its snapshot is written, a file of them only is deleted", async () => {
    const dir = tempDir();
    const db = copied();
    const journal = await onItsTimer(dir, db, 60_000);
    journal.append([guess(game, 0), guess(game, 1)]);
    journal.append([guess(game, 2)]);
    await new Promise((r) => setTimeout(r, 100));
    // not copied yet, and not deleted: the game goes on
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(journal.pendingOf(game).map((e) => e.idx)).toEqual([0, 1, 2]);
    journal.covered(game, Number.POSITIVE_INFINITY);
    expect(journal.pendingOf(game)).toEqual([]);
    await expect.poll(() => fs.readdirSync(dir)).toEqual([]);
    expect(db.rows.size).toBe(0);
    // a game that goes on after a snapshot (a turn timed out): only what the row lacks is copied
    journal.append([guess(other, 0), guess(other, 1), guess(other, 2)]);
    journal.covered(other, 2);
    expect(journal.pendingOf(other).map((e) => e.idx)).toEqual([2]);
    await journal.close();
    expect([...db.rows.keys()]).toEqual([`${other}:2`]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a file with a game still going on waits copyAfterMs, then its uncovered guesses are copied and it is deleted', async () => {
    const dir = tempDir();
    const db = copied();
    const journal = await onItsTimer(dir, db, 300);
    journal.append([guess(game, 0), guess(other, 0)]);
    journal.covered(game, Number.POSITIVE_INFINITY);
    await new Promise((r) => setTimeout(r, 150));
    expect(db.rows.size).toBe(0);
    expect(fs.readdirSync(dir)).toHaveLength(1);
    await expect.poll(() => [...db.rows.keys()]).toEqual([`${other}:0`]);
    await expect.poll(() => fs.readdirSync(dir)).toEqual([]);
    expect(journal.pendingOf(other)).toEqual([]);
    await journal.close();
  });

  it('a killed process that had covered guesses leaves them to be copied again (the copy keeps each once)', async () => {
    const dir = tempDir();
    const first = await untimed(dir, copied());
    first.append([guess(game, 0), guess(game, 1)]);
    first.covered(game, Number.POSITIVE_INFINITY);
    // killed before its timer deleted the file
    const db = copied();
    const second = await untimed(dir, db);
    expect(second.recoveredGames).toEqual([game]);
    expect(db.rows.size).toBe(2);
    expect(fs.readdirSync(dir)).toEqual([]);
    await second.close();
  });
});
