import { randomUUID } from 'node:crypto';
import type { GameState } from '@sayspell/core/game/types';
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { games, users } from '../db/schema.ts';

// games in the database; rows never leave this file, only GameState does. a live game's state is
// written by its owner (owner/game-store.ts): here the rest (abandon marks, rematch, clean-ups, reads)

type GameRow = typeof games.$inferSelect;

function toState(r: GameRow): GameState {
  return {
    id: r.id,
    solo: r.solo,
    status: r.status,
    language: r.language,
    difficulty: r.difficulty,
    category: r.category,
    gameTimerSeconds: r.gameTimerSeconds,
    speakerId: r.speakerId,
    spellerId: r.spellerId,
    words: r.words,
    currentIndex: r.currentIndex,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    finishedAt: r.finishedAt,
    endedReason: r.endedReason,
    version: r.version,
    createdAt: r.createdAt,
  };
}

type StateColumns = Omit<
  GameRow,
  'abandonedAt' | 'resultsCountdownAt' | 'rematchRequestedBy' | 'rematchGameId'
>;

function toRow(s: GameState): StateColumns {
  return { ...s };
}

/** the game, while it is not finished, if the user plays in it */
const unfinishedOf = (id: string, userId: string) =>
  and(
    eq(games.id, id),
    ne(games.status, 'finished'),
    or(eq(games.spellerId, userId), eq(games.speakerId, userId)),
  );

export function createGameRepository(db: Db) {
  // the hottest read (every GET /v1/game/{id}, every guess): its SQL is built once, not per call,
  // and on PostgreSQL the named statement is parsed once per connection
  const byId = db
    .select()
    .from(games)
    .where(eq(games.id, sql.placeholder('id')))
    .prepare('game_by_id');
  const readRow = async (id: string): Promise<GameRow | undefined> => (await byId.execute({ id }))[0];

  return {
    async insert(state: GameState): Promise<void> {
      await db.insert(games).values(toRow(state));
    },

    async get(id: string): Promise<GameState | null> {
      const row = await readRow(id);
      return row ? toState(row) : null;
    },

    /** deletes a game that is not finished, if the user plays in it */
    async deleteUnfinished(id: string, userId: string): Promise<boolean> {
      const deleted = await db.delete(games).where(unfinishedOf(id, userId)).returning({ id: games.id });
      return deleted.length > 0;
    },

    /** marks an unfinished game of the user's as left; returns whether it was marked */
    async markAbandoned(id: string, userId: string, now: number): Promise<boolean> {
      const marked = await db
        .update(games)
        .set({ abandonedAt: now })
        .where(unfinishedOf(id, userId))
        .returning({ id: games.id });
      return marked.length > 0;
    },

    async clearAbandoned(id: string): Promise<void> {
      await db
        .update(games)
        .set({ abandonedAt: null })
        .where(and(eq(games.id, id), isNotNull(games.abandonedAt)));
    },

    async abandonedBefore(cutoff: number, limit = 500): Promise<string[]> {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(and(ne(games.status, 'finished'), lt(games.abandonedAt, cutoff)))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** deletes a game left by its player, unless it finished meanwhile */
    async deleteAbandoned(id: string): Promise<boolean> {
      const deleted = await db
        .delete(games)
        .where(and(eq(games.id, id), ne(games.status, 'finished'), isNotNull(games.abandonedAt)))
        .returning({ id: games.id });
      return deleted.length > 0;
    },

    /** sets the results countdown if it is not set yet; returns the one that stands */
    async startResultsCountdown(id: string, at: number): Promise<number> {
      await db
        .update(games)
        .set({ resultsCountdownAt: at })
        .where(and(eq(games.id, id), isNull(games.resultsCountdownAt)));
      const [row] = await db.select({ at: games.resultsCountdownAt }).from(games).where(eq(games.id, id));
      return row?.at ?? at;
    },

    /**
     * records a player's wish to play again. under the row lock, the request that completes the
     * pair reserves the next game's id (once); every later request gets that id
     */
    async requestRematch(
      id: string,
      userId: string,
    ): Promise<{ waiting: true } | { waiting: false; gameId: string; created: boolean }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(games).where(eq(games.id, id)).for('update');
        if (!row) return { waiting: true };
        if (row.rematchGameId) return { waiting: false, gameId: row.rematchGameId, created: false };
        const requested = [...new Set([...row.rematchRequestedBy, userId])];
        const both =
          requested.includes(row.spellerId) && row.speakerId !== null && requested.includes(row.speakerId);
        const gameId = both ? randomUUID() : null;
        await tx
          .update(games)
          .set({ rematchRequestedBy: requested, rematchGameId: gameId })
          .where(eq(games.id, id));
        return gameId ? { waiting: false, gameId, created: true } : { waiting: true };
      });
    },

    /** the reserved next game could not be made: let the players ask again */
    async clearRematch(id: string): Promise<void> {
      await db.update(games).set({ rematchGameId: null, rematchRequestedBy: [] }).where(eq(games.id, id));
    },

    async countUnfinished(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ unfinishedGames: sql`${users.unfinishedGames} + 1` })
        .where(eq(users.id, userId));
    },

    /** deletes the user's unfinished solo games; answers what each one was when it went */
    async deleteUnfinishedSoloOf(
      userId: string,
    ): Promise<{ id: string; status: GameState['status']; endsAt: number | null }[]> {
      return db
        .delete(games)
        .where(
          and(
            eq(games.spellerId, userId),
            eq(games.solo, true),
            inArray(games.status, ['created', 'started']),
          ),
        )
        .returning({ id: games.id, status: games.status, endsAt: games.endsAt });
    },

    async startedIds(): Promise<{ id: string; endsAt: number | null }[]> {
      return db.select({ id: games.id, endsAt: games.endsAt }).from(games).where(eq(games.status, 'started'));
    },

    async overdueIds(now: number, limit = 500): Promise<string[]> {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.status, 'started'), lt(games.endsAt, now)))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}

export type GameRepository = ReturnType<typeof createGameRepository>;
