import fs from 'node:fs';
import path from 'node:path';
import type { GuessEvent } from './game-store.ts';

// the embedded instance's write-ahead journal of guesses (issue 16). PGlite runs one statement at
// a time and spends ~1.3 ms of cpu on each, more than a guess may cost in all; it also makes its
// own writes durable only as far as the operating system's page cache (it never calls fsync). A
// guess appended to this file with one write() has that same durability (a killed process loses
// nothing the kernel has; a power cut may lose what PGlite would lose too), at a few microseconds.
// A game's finished snapshot (its games row) holds every guess of it: once that is written
// (`covered`), its guesses need no other home. So the journal is a file per 10 s, and a file whose
// guesses are all covered is deleted as it is; what a file still holds after 5 minutes (a game
// still going on) is copied into game_events in one statement and the file deleted. A start
// replays what a killed process left before any game is read. Only for the one embedded instance
// (the data folder's lock makes it the only writer): instances that share PostgreSQL append there,
// under their lease's fence (game-store.ts).

export interface JournalEntry extends GuessEvent {
  gameId: string;
}

export interface GuessJournal {
  /** written before it returns: a guess appended is a guess a restart finds */
  append(entries: JournalEntry[]): void;
  /** the guesses of a game not yet copied into the database, in order */
  pendingOf(gameId: string): GuessEvent[];
  /**
   * the game's guesses before `before` are in its snapshot, written (a finished game's: all): they
   * are copied nowhere, and a file that holds nothing else is deleted
   */
  covered(gameId: string, before: number): void;
  /** copies what is waiting (and not covered) into the database now */
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
  /** the games it holds guesses of, and the highest index of each */
  games: Map<string, number>;
  openedAt: number;
}

/** a file takes the guesses of this long */
const ROTATE_EVERY_MS = 10_000;
/** a file whose guesses are not all covered after this long is copied into the database */
const COPY_AFTER_MS = 5 * 60_000;

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
 * left there; `copy` must be idempotent (a guess copied twice is kept once). Every `tickEveryMs` it
 * closes a file older than `rotateEveryMs`, deletes closed files whose guesses are all covered, and
 * copies the ones older than `copyAfterMs`
 */
export async function openGuessJournal(opts: {
  dir: string;
  copy(entries: JournalEntry[]): Promise<void>;
  tickEveryMs?: number;
  rotateEveryMs?: number;
  copyAfterMs?: number;
  onError(err: unknown): void;
}): Promise<GuessJournal> {
  const { dir, copy } = opts;
  const rotateEveryMs = opts.rotateEveryMs ?? ROTATE_EVERY_MS;
  const copyAfterMs = opts.copyAfterMs ?? COPY_AFTER_MS;
  fs.mkdirSync(dir, { recursive: true });

  /** per game, the index below which its guesses are in its written snapshot */
  const coveredBefore = new Map<string, number>();
  /** per game, how many files hold guesses of it (its mark above goes with the last) */
  const filesOf = new Map<string, number>();
  const segment = (file: string, entries: JournalEntry[], openedAt: number): Segment => {
    const s: Segment = { file, entries: [], games: new Map(), openedAt };
    for (const e of entries) add(s, e);
    return s;
  };
  function add(s: Segment, e: JournalEntry) {
    s.entries.push(e);
    const top = s.games.get(e.gameId);
    if (top === undefined) filesOf.set(e.gameId, (filesOf.get(e.gameId) ?? 0) + 1);
    if (top === undefined || e.idx > top) s.games.set(e.gameId, e.idx);
  }
  const isCovered = (e: { gameId: string; idx: number }) => e.idx < (coveredBefore.get(e.gameId) ?? 0);
  const allCovered = (s: Segment) => [...s.games].every(([gameId, top]) => isCovered({ gameId, idx: top }));

  const left = fs
    .readdirSync(dir)
    .map((name) => ({ name, seq: Number(SEGMENT.exec(name)?.[1] ?? Number.NaN) }))
    .filter((s) => Number.isSafeInteger(s.seq))
    .sort((a, b) => a.seq - b.seq);
  let seq = left.length > 0 ? left[left.length - 1]!.seq + 1 : 1;
  /** segments closed and not yet copied, oldest first */
  const closed: Segment[] = left.map((s) => {
    const file = path.join(dir, s.name);
    return segment(file, readSegment(file), 0);
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

  /** the segment is gone: its file, and the marks of games no other file holds */
  function remove(s: Segment) {
    forget(s.entries);
    fs.rmSync(s.file, { force: true });
    for (const gameId of s.games.keys()) {
      const n = (filesOf.get(gameId) ?? 1) - 1;
      if (n > 0) filesOf.set(gameId, n);
      else {
        filesOf.delete(gameId);
        coveredBefore.delete(gameId);
      }
    }
  }

  function rotate() {
    if (!current) return;
    fs.closeSync(current.fd);
    const { fd: _, ...done } = current;
    closed.push(done);
    current = undefined;
  }

  let copying: Promise<void> | undefined;
  /** copies the closed segments opened before `until`, oldest first; the covered ones are only deleted */
  async function copyClosed(until: number) {
    while (closed.length > 0 && closed[0]!.openedAt < until) {
      const s = closed[0]!;
      const waiting = s.entries.filter((e) => !isCovered(e));
      if (waiting.length > 0) await copy(waiting);
      closed.shift();
      remove(s);
    }
  }
  /** one copy at a time, in order; a failed one is tried again on the next */
  function copyUntil(until: number): Promise<void> {
    copying ??= copyClosed(until).finally(() => {
      copying = undefined;
    });
    return copying;
  }
  /** everything closed so far, copied now (after a copy already running, which may go less far) */
  async function flush(): Promise<void> {
    rotate();
    while (copying) await copying.catch(() => {});
    return copyUntil(Number.POSITIVE_INFINITY);
  }

  // what a killed process left is in the database before any game is read
  await flush();

  const timer = setInterval(() => {
    const now = Date.now();
    if (current && now - current.openedAt >= rotateEveryMs) rotate();
    if (copying) return;
    // files of finished games go without a statement
    for (let i = closed.length - 1; i >= 0; i--) {
      const s = closed[i]!;
      if (allCovered(s)) {
        closed.splice(i, 1);
        remove(s);
      }
    }
    if (closed.length > 0 && now - closed[0]!.openedAt >= copyAfterMs) {
      copyUntil(now - copyAfterMs + 1).catch(opts.onError);
    }
  }, opts.tickEveryMs ?? 1000);
  timer.unref();

  return {
    append(entries) {
      if (entries.length === 0) return;
      if (!current) {
        const file = path.join(dir, `${seq++}.log`);
        current = { ...segment(file, [], Date.now()), fd: fs.openSync(file, 'a') };
      }
      fs.writeSync(current.fd, entries.map(line).join(''));
      for (const e of entries) {
        add(current, e);
        remember(e);
      }
    },
    covered(gameId, before) {
      if (!filesOf.has(gameId) || before <= (coveredBefore.get(gameId) ?? 0)) return;
      coveredBefore.set(gameId, before);
      const list = pending.get(gameId)?.filter((e) => e.idx >= before);
      if (list && list.length > 0) pending.set(gameId, list);
      else pending.delete(gameId);
    },
    pendingOf: (gameId) => (pending.get(gameId) ?? []).slice(),
    recoveredGames,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
