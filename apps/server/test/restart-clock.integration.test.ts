import { randomUUID } from 'node:crypto';
import type { GameUpdate, GameView } from '@sayspell/core/protocol/game';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, serverMeta } from '../src/db/schema.ts';
import {
  api,
  ask,
  type ClientSocket,
  freshDataDir,
  guest,
  onPostgres,
  serverPool,
  socketFor,
  soloGameBody,
  type TestServer,
  testClock,
} from './harness.ts';

// a restart does not eat the players' clock: the time the whole service was down is given back to
// every running game (its start and deadline move later by the outage), once, however many
// instances start; while another instance was alive there was no outage and nothing moves

const start = serverPool();
const OUTAGE_MS = 120_000;
type Clock = ReturnType<typeof testClock>;

async function runningGame(t: TestServer, clock: Clock) {
  const { token, user } = await guest(t.url);
  const game = (
    await api<GameView>(t.url, 'POST', '/v1/game', { token: token.accessToken, body: soloGameBody(user._id) })
  ).body;
  const socket = await socketFor(t.url, token.accessToken, { reconnection: true });
  const hs = await ask<{ ok: boolean; game: GameView }>(socket, 'initiate-handshake', { gameId: game._id });
  expect(hs.game.status).toBe('started');
  clock.advance(5000);
  const first = await ask<{ ok: boolean }>(socket, 'guess-word', {
    gameId: game._id,
    index: 0,
    guess: 'zzz',
  });
  expect(first.ok).toBe(true);
  return { id: game._id, socket, startsAt: hs.game.startsAt!, endsAt: hs.game.endsAt! };
}

async function rowOf(t: TestServer, id: string) {
  const [row] = await t.server.database.db.select().from(games).where(eq(games.id, id));
  return row!;
}

const cluster = () => ({ REDIS_PREFIX: `test-restart-${randomUUID().slice(0, 8)}` });

describe('the clock after a restart', () => {
  it('gives the downtime back to a running game, which goes on', async () => {
    const clock = testClock();
    const env = cluster();
    const dataDir = freshDataDir();
    const first = await start({ dataDir, clock, env });
    const game = await runningGame(first, clock);
    const reconnected = new Promise<void>((resolve) => game.socket.io.once('reconnect', () => resolve()));
    await first.close();
    // down for two minutes: longer than the game had left
    clock.advance(OUTAGE_MS);
    const second = await start({ dataDir, port: first.port, clock, env });
    await reconnected;

    const again = await ask<{ ok: boolean; game: GameView }>(game.socket, 'initiate-handshake', {
      gameId: game.id,
    });
    expect(again.game.status).toBe('started');
    const moved = again.game.endsAt! - game.endsAt;
    expect(moved).toBeGreaterThanOrEqual(OUTAGE_MS);
    // the restart itself took real time too, given back as well, but not another outage's worth
    expect(moved).toBeLessThan(OUTAGE_MS + 60_000);
    expect(again.game.startsAt! - game.startsAt).toBe(moved);
    const next = await ask<{ ok: boolean; game: GameUpdate }>(game.socket, 'guess-word', {
      gameId: game.id,
      index: 1,
      guess: 'zzz',
    });
    expect(next.ok).toBe(true);
    expect(next.game.currentIndex).toBe(2);
    game.socket.disconnect();
    await second.close();
  });

  it.runIf(onPostgres)('gives the time back once when two instances start together', async () => {
    const clock = testClock();
    const env = cluster();
    const a = await start({ clock, env });
    const game = await runningGame(a, clock);
    game.socket.disconnect();
    await a.close();
    clock.advance(OUTAGE_MS);
    const [b, c] = await Promise.all([start({ clock, env }), start({ clock, env })]);
    const row = await rowOf(b, game.id);
    const moved = row.endsAt! - game.endsAt;
    expect(moved).toBeGreaterThanOrEqual(OUTAGE_MS);
    expect(moved).toBeLessThan(2 * OUTAGE_MS);
    await Promise.all([b.close(), c.close()]);
  });

  it.runIf(onPostgres)('gives nothing back while another instance was alive (failover)', async () => {
    const clock = testClock();
    const env = cluster();
    const a = await start({ clock, env });
    const b = await start({ clock, env });
    const game = await runningGame(a, clock);
    const socket: ClientSocket = game.socket;
    socket.disconnect();
    await a.close();
    clock.advance(OUTAGE_MS);
    // b goes on beating through a's absence
    const since = clock.now();
    await expect
      .poll(
        async () => {
          const [beat] = await b.server.database.db
            .select()
            .from(serverMeta)
            .where(eq(serverMeta.name, `alive-at:${env.REDIS_PREFIX}`));
          return Number(beat?.value ?? 0) >= since;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const restarted = await start({ clock, env });
    expect((await rowOf(restarted, game.id)).endsAt).toBe(game.endsAt);
    await Promise.all([b.close(), restarted.close()]);
  });
});
