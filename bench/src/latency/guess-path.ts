import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyAction } from '@sayspell/core/game/engine';
import type { GameState } from '@sayspell/core/game/types';
import { buildServer } from '@sayspell/server/app';
import { loadConfig } from '@sayspell/server/config';
import { createGameRepository } from '@sayspell/server/games/game-repository';
import { sql } from 'drizzle-orm';
import { median } from '../measure.ts';
import { guessFor } from './sayspell-driver.ts';

// the steps of one guess-word on the server, timed one by one, in process, without sockets:
// what GameService.guess does (the row-locked read, check and update) and what the broadcast costs
// (three views: the ack and one update-game per player, each JSON-encoded by socket.io).
//   node --conditions=source --import tsx bench/src/latency/guess-path.ts   (DATABASE_URL: on PostgreSQL)

const ITERATIONS = Number(process.env.ITERATIONS ?? 2000);
/** a pause before each guess, as between a player's guesses (PAUSE_MS=300: the server idles in between) */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 0);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-path-'));
const server = await buildServer(
  loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
    RATE_LIMIT_PER_MINUTE: '100000',
  }),
);
const { db } = server.database;
const repo = createGameRepository(db);

const post = async (url: string, body: unknown, token?: string) => {
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res.json();
};
const [speller, speaker] = [
  await post('/v1/auth/login', { strategy: 'guest' }),
  await post('/v1/auth/login', { strategy: 'guest' }),
];
const created = await post(
  '/v1/game',
  {
    language: 'English',
    difficulty: 'beginner',
    category: 'category_animals',
    gameTimer: '600',
    speller: speller.user._id,
    speaker: speaker.user._id,
  },
  speller.token.accessToken,
);
const id: string = created._id;
const fresh = (await repo.get(id))!;
const reset = (s: GameState): GameState => ({
  ...s,
  status: 'started',
  words: fresh.words,
  currentIndex: 0,
  startsAt: Date.now() - 1000,
  endsAt: Date.now() + 3_600_000,
  finishedAt: null,
  endedReason: null,
});
await repo.update(id, (s) => ({ state: reset(s), changed: true, value: null }));

const steps = {
  selectOne: [] as number[],
  emptyTransaction: [] as number[],

  update: [] as number[],
  views: [] as number[],
  encode: [] as number[],
};
const time = async (list: number[], f: () => unknown) => {
  const t = performance.now();
  await f();
  list.push(performance.now() - t);
};

for (let i = 0; i < ITERATIONS; i++) {
  if (PAUSE_MS) await new Promise((r) => setTimeout(r, PAUSE_MS));
  let state: GameState | undefined;
  await time(steps.update, async () => {
    const out = await repo.update(id, (s) => {
      const r = applyAction(s, {
        type: 'guess',
        by: s.spellerId,
        index: s.currentIndex,
        guess: guessFor(i),
        now: Date.now(),
      });
      if (!r.ok) throw new Error(r.error.message);
      return { state: r.state, changed: r.changed, value: null };
    });
    state = out!.state;
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
  if (s.status === 'finished')
    await repo.update(id, (x) => ({ state: reset(x), changed: true, value: null }));
}

const us = (xs: number[]) => Math.round(median(xs.slice(Math.floor(xs.length / 10))) * 1000);
console.info(
  `guess path on ${server.database.kind}, ${PAUSE_MS} ms apart, medians of ${ITERATIONS} (first 10 % dropped), µs:`,
);
for (const [k, v] of Object.entries(steps)) console.info(`${k.padEnd(18)} ${String(us(v)).padStart(7)}`);
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
