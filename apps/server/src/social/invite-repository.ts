import { randomUUID } from 'node:crypto';
import type { InviteSettings } from '@sayspell/core/protocol/social';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { isUniqueViolation } from '../auth/users.ts';
import type { Db } from '../db/database.ts';
import { games, invites } from '../db/schema.ts';

// invites in the database: the invite service asks in domain words, the SQL stays here

export type Invite = typeof invites.$inferSelect;
export type InviteStatus = Invite['status'];

const pendingWith = (userId: string) =>
  and(eq(invites.status, 'pending'), or(eq(invites.toId, userId), eq(invites.fromId, userId)));

export function createInviteRepository(db: Db) {
  return {
    async get(id: string): Promise<Invite | null> {
      const [row] = await db.select().from(invites).where(eq(invites.id, id));
      return row ?? null;
    },

    /**
     * a new pending invite; null when the pair already has one (one pending invite per pair is a
     * unique index, so two tabs sending at once make one)
     */
    async createPending(input: {
      fromId: string;
      toId: string;
      settings: InviteSettings;
      createdAt: number;
      expiresAt: number;
    }): Promise<Invite | null> {
      try {
        const [row] = await db
          .insert(invites)
          .values({ id: randomUUID(), ...input, status: 'pending' })
          .returning();
        return row ?? null;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** ends a pending invite once: the invite as it ended, or null if it was no longer pending */
    async endPending(
      id: string,
      end: { status: InviteStatus; reason: string; endedAt: number; gameId?: string },
    ): Promise<Invite | null> {
      const [row] = await db
        .update(invites)
        .set(end)
        .where(and(eq(invites.id, id), eq(invites.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** an accepted invite whose game could not be made ends as failed (unless a game came) */
    async failAccepted(id: string, endedAt: number): Promise<void> {
      await db
        .update(invites)
        .set({ status: 'cancelled', reason: 'failed', endedAt })
        .where(and(eq(invites.id, id), eq(invites.status, 'accepted'), isNull(invites.gameId)));
    },

    async setGame(id: string, gameId: string): Promise<void> {
      await db.update(invites).set({ gameId }).where(eq(invites.id, id));
    },

    async hasPending(fromId: string, toId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: invites.id })
        .from(invites)
        .where(and(eq(invites.fromId, fromId), eq(invites.toId, toId), eq(invites.status, 'pending')))
        .limit(1);
      return row !== undefined;
    },

    /** the user's pending invites, received and sent */
    async pendingWith(userId: string): Promise<Invite[]> {
      return db.select().from(invites).where(pendingWith(userId));
    },

    /** the pending invites between two users, either way */
    async pendingBetween(a: string, b: string): Promise<Invite[]> {
      return db
        .select()
        .from(invites)
        .where(
          and(
            eq(invites.status, 'pending'),
            or(
              and(eq(invites.fromId, a), eq(invites.toId, b)),
              and(eq(invites.fromId, b), eq(invites.toId, a)),
            ),
          ),
        );
    },

    /** ids of pending invites past their deadline */
    async dueIds(now: number): Promise<string[]> {
      const rows = await db
        .select({ id: invites.id })
        .from(invites)
        .where(and(eq(invites.status, 'pending'), lte(invites.expiresAt, now)));
      return rows.map((r) => r.id);
    },

    /** whether the user plays in a started game (a busy player is not invited) */
    async inRunningGame(userId: string): Promise<boolean> {
      const [running] = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.status, 'started'), or(eq(games.spellerId, userId), eq(games.speakerId, userId))))
        .limit(1);
      return running !== undefined;
    },
  };
}

export type InviteRepository = ReturnType<typeof createInviteRepository>;
