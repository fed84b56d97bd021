import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyAction } from '@sayspell/core/game/engine';
import { slot } from '@sayspell/core/game/fixtures';
import { initialGameState } from '@sayspell/core/game/initial-state';
import type { GameState } from '@sayspell/core/game/types';
import { buildServer } from '@sayspell/server/app';
import { loadConfig } from '@sayspell/server/config';
import { createGameStore } from '@sayspell/server/games/owner/game-store';
import { createLearningRepository } from '@sayspell/server/learning/learning-repository';
import { createLearningService } from '@sayspell/server/learning/learning-service';
import { sql } from 'drizzle-orm';
import { median } from '../measure.ts';
import { guessFor } from './sayspell-driver.ts';

// the steps of one guess-word on the server, timed one by one, in process, without sockets, as the
// game's owner does them (issue 16): the pure engine applies the guess to the game in memory, one
// append of the guess is committed, then the broadcast (three views: the ack and one update-game
// per player, each JSON-encoded by socket.io; the updates are deltas on the wire now). then the
// whole guess as the socket handler awaits it (`games.guess` on a solo game: the owner's apply and
// append, the broadcast's views, the learning update when it is awaited, the ack's payload) and,
// apart, the learning update of one guess awaited alone (learning-service.ts `guessed`).
//   node --conditions=source --import tsx bench/src/latency/guess-path.ts   (DATABASE_URL: on PostgreSQL)

const ITERATIONS = Number(process.env.ITERATIONS ?? 2000);
/** a pause before each guess, as between a player's guesses (PAUSE_MS=300: the server idles in between) */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 0);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-path-'));
// the server's clock runs ahead by `skew` once a solo game is started: its 5 s countdown is over
let skew = 0;
const server = await buildServer(
  loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    GUEST_MAX_PER_IP: '100000',
  }),
  { clock: { now: () => Date.now() + skew } },
);
const { db } = server.database;
const store = createGameStore(db);

const post = async (url: string, body: unknown) => {
  const res = await server.app.inject({ method: 'POST', url, payload: body as object });
  return res.json();
};
const [speller, speaker] = [
  await post('/v1/auth/login', { strategy: 'guest' }),
  await post('/v1/auth/login', { strategy: 'guest' }),
];
const words = ['otter', 'badger', 'heron', 'lynx', 'walrus', 'ferret', 'bison', 'gecko', 'panda', 'koala'];
const lease = { owner: `bench-${process.pid}`, epoch: 1 };
/** a fresh started game of its own for every round of ten guesses (appends are per game and turn) */
async function freshGame(): Promise<GameState> {
  const created = initialGameState({
    id: randomUUID(),
    now: Date.now(),
    settings: { language: 'English', difficulty: 'beginner', category: 'category_animals', gameTimer: 600 },
    players: { speller: speller.user._id, speaker: speaker.user._id },
    words: words.map((w) => slot(w)),
  });
  const state: GameState = {
    ...created,
    status: 'started',
    startsAt: Date.now() - 1000,
    endsAt: Date.now() + 3_600_000,
  };
  await store.insert(state, lease, Date.now() + 3_600_000);
  return state;
}
let game = await freshGame();
const learning = createLearningService({ repo: createLearningRepository(db), clock: { now: Date.now } });

/** a started solo game made through the service (its own owner, broadcaster and learning) */
async function freshSolo(): Promise<string> {
  const view = await server.games.create(speller.user._id, {
    settings: { language: 'English', difficulty: 'beginner', category: 'category_animals', gameTimer: 600 },
    players: { speller: speller.user._id, speaker: null },
    words: words.map((w) => slot(w)),
  });
  await server.games.handshake(view._id, speller.user._id, async () => true);
  skew += 6000;
  return view._id;
}
let solo = { id: await freshSolo(), index: 0 };

const steps = {
  selectOne: [] as number[],
  emptyTransaction: [] as number[],

  apply: [] as number[],
  append: [] as number[],
  views: [] as number[],
  encode: [] as number[],

  serviceGuess: [] as number[],
  learningUpdate: [] as number[],
};
const time = async (list: number[], f: () => unknown) => {
  const t = performance.now();
  await f();
  list.push(performance.now() - t);
};

for (let i = 0; i < ITERATIONS; i++) {
  if (PAUSE_MS) await new Promise((r) => setTimeout(r, PAUSE_MS));
  let state: GameState | undefined;
  await time(steps.apply, () => {
    const g = game;
    const r = applyAction(g, {
      type: 'guess',
      by: g.spellerId,
      index: g.currentIndex,
      guess: guessFor(i),
      now: Date.now(),
    });
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  });
  const before = game;
  await time(steps.append, async () => {
    const [written] = await store.commit([
      {
        kind: 'guess',
        gameId: before.id,
        lease,
        idx: before.currentIndex,
        guess: guessFor(i),
        correct: false,
        at: Date.now(),
      },
    ]);
    if (!written) throw new Error('the guess was not appended');
  });
  const s = state!;
  await time(steps.selectOne, () => db.execute(sql`select 1`));
  await time(steps.emptyTransaction, () => db.transaction((tx) => tx.execute(sql`select 1`)));
  const views: object[] = [];
  await time(steps.views, () =>
    views.push(
      server.games.viewFor(s, s.spellerId),
      server.games.viewFor(s, s.spellerId),
      server.games.viewFor(s, s.speakerId!),
    ),
  );
  await time(steps.encode, () => views.map((v) => JSON.stringify(v)));
  game = s.status === 'finished' ? await freshGame() : s;

  if (PAUSE_MS) await new Promise((r) => setTimeout(r, PAUSE_MS));
  let ack: unknown;
  await time(steps.serviceGuess, async () => {
    ack = JSON.stringify(await server.games.guess(solo.id, speller.user._id, solo.index, guessFor(i)));
  });
  if (!ack) throw new Error('no answer');
  solo =
    solo.index === words.length - 1
      ? { id: await freshSolo(), index: 0 }
      : { ...solo, index: solo.index + 1 };
  await time(steps.learningUpdate, () => learning.guessed(s, before.currentIndex));
}

const us = (xs: number[]) => Math.round(median(xs.slice(Math.floor(xs.length / 10))) * 1000);
console.info(
  `guess path on ${server.database.kind}, ${PAUSE_MS} ms apart, medians of ${ITERATIONS} (first 10 % dropped), µs:`,
);
for (const [k, v] of Object.entries(steps)) console.info(`${k.padEnd(18)} ${String(us(v)).padStart(7)}`);
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
