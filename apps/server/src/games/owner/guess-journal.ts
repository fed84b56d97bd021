import fs from 'node:fs';
import path from 'node:path';
import type { GuessEvent } from './game-store.ts';

// the embedded instance's write-ahead journal of guesses (issue 16). PGlite runs one statement at
// a time and spends ~1.3 ms of cpu on each, more than a guess may cost in all; it also makes its
// own writes durable only as far as the operating system's page cache (it never calls fsync). A
// guess appended to this file with one write() has that same durability (a killed process loses
// nothing the kernel has; a power cut may lose what PGlite would lose too), at a few microseconds.
// Once a second the guesses written since are copied into game_events in one statement and their
// file is deleted; a start replays what a killed process left before any game is read. Only for
// the one embedded instance (the data folder's lock makes it the only writer): instances that
// share PostgreSQL append there, under their lease's fence (game-store.ts).

export interface JournalEntry extends GuessEvent {
  gameId: string;
}

export interface GuessJournal {
  /** written before it returns: a guess appended is a guess a restart finds */
  append(entries: JournalEntry[]): void;
  /** the guesses of a game not yet copied into the database, in order */
  pendingOf(gameId: string): GuessEvent[];
  /** copies what is waiting into the database now */
  flush(): Promise<void>;
  /** the last copy, then the journal's files are gone (a clean stop) */
  close(): Promise<void>;
  /** the games whose guesses an earlier process left here (it was killed): to be looked at on start */
  recoveredGames: string[];
}

const SEGMENT = /^(\d+)\.log$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Segment {
  file: string;
  entries: JournalEntry[];
}

/** one line per guess: [game, index, guess, right (1/0), time] */
const line = (e: JournalEntry) => `${JSON.stringify([e.gameId, e.idx, e.guess, e.correct ? 1 : 0, e.at])}\n`;

function parseLine(text: string): JournalEntry | null {
  try {
    const v: unknown = JSON.parse(text);
    if (!Array.isArray(v) || v.length !== 5) return null;
    const [gameId, idx, guess, correct, at] = v;
    if (typeof gameId !== 'string' || !UUID.test(gameId)) return null;
    if (!Number.isInteger(idx) || idx < 0 || typeof guess !== 'string') return null;
    if ((correct !== 0 && correct !== 1) || !Number.isFinite(at)) return null;
    return { gameId, idx, guess, correct: correct === 1, at };
  } catch {
    return null;
  }
}

/** the entries of a segment file; a line cut short by a kill mid-write is skipped */
function readSegment(file: string): JournalEntry[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: JournalEntry[] = [];
  for (const l of text.split('\n')) {
    const e = l ? parseLine(l) : null;
    if (e) out.push(e);
  }
  return out;
}

/**
 * opens the journal in `dir`, first copying into the database (`copy`) whatever an earlier process
 * left there; `copy` must be idempotent (a guess copied twice is kept once)
 */
export async function openGuessJournal(opts: {
  dir: string;
  copy(entries: JournalEntry[]): Promise<void>;
  flushEveryMs?: number;
  onError(err: unknown): void;
}): Promise<GuessJournal> {
  const { dir, copy } = opts;
  fs.mkdirSync(dir, { recursive: true });

  const left = fs
    .readdirSync(dir)
    .map((name) => ({ name, seq: Number(SEGMENT.exec(name)?.[1] ?? Number.NaN) }))
    .filter((s) => Number.isSafeInteger(s.seq))
    .sort((a, b) => a.seq - b.seq);
  let seq = left.length > 0 ? left[left.length - 1]!.seq + 1 : 1;
  /** segments closed and not yet copied, oldest first */
  const closed: Segment[] = left.map((s) => {
    const file = path.join(dir, s.name);
    return { file, entries: readSegment(file) };
  });
  let current: (Segment & { fd: number }) | undefined;
  const pending = new Map<string, GuessEvent[]>();
  const remember = (e: JournalEntry) => {
    const list = pending.get(e.gameId);
    const ev = { idx: e.idx, guess: e.guess, correct: e.correct, at: e.at };
    if (list) list.push(ev);
    else pending.set(e.gameId, [ev]);
  };
  for (const s of closed) for (const e of s.entries) remember(e);
  const recoveredGames = [...pending.keys()];

  const forget = (entries: JournalEntry[]) => {
    for (const e of entries) {
      const list = pending.get(e.gameId);
      if (!list) continue;
      const i = list.findIndex((p) => p.idx === e.idx);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0) pending.delete(e.gameId);
    }
  };

  function rotate() {
    if (!current) return;
    fs.closeSync(current.fd);
    closed.push({ file: current.file, entries: current.entries });
    current = undefined;
  }

  let copying: Promise<void> | undefined;
  async function copyClosed() {
    while (closed.length > 0) {
      const s = closed[0]!;
      if (s.entries.length > 0) await copy(s.entries);
      closed.shift();
      forget(s.entries);
      fs.rmSync(s.file, { force: true });
    }
  }
  function flush(): Promise<void> {
    rotate();
    // one copy at a time, in order; a failed one is tried again on the next flush
    copying ??= copyClosed().finally(() => {
      copying = undefined;
    });
    return copying;
  }

  // what a killed process left is in the database before any game is read
  await flush();

  const timer = setInterval(() => {
    if (!current && closed.length === 0) return;
    flush().catch(opts.onError);
  }, opts.flushEveryMs ?? 1000);
  timer.unref();

  return {
    append(entries) {
      if (entries.length === 0) return;
      if (!current) {
        const file = path.join(dir, `${seq++}.log`);
        current = { file, entries: [], fd: fs.openSync(file, 'a') };
      }
      fs.writeSync(current.fd, entries.map(line).join(''));
      for (const e of entries) {
        current.entries.push(e);
        remember(e);
      }
    },
    pendingOf: (gameId) => (pending.get(gameId) ?? []).slice(),
    recoveredGames,
    flush,
    async close() {
      clearInterval(timer);
      await copying?.catch(() => {});
      await flush();
    },
  };
}
