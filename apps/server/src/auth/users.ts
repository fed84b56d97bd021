import { randomUUID } from 'node:crypto';
import type { UserView } from '@sayspell/core/protocol/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { guestUsername } from './guest-names.ts';

type UserRow = typeof users.$inferSelect;

export function toUserView(u: UserRow): UserView {
  return {
    id: u.id,
    _id: u.id,
    username: u.username,
    name: u.name,
    picture: u.picture,
    role: u.role,
    friends: [],
    hasConfirmedEULA: u.hasConfirmedEula,
    usersThatBlockedMe: [],
    usersThatIblocked: [],
    gameTimer: String(u.gameTimer),
  };
}

export function createUsers(db: Db) {
  async function createGuest(): Promise<UserRow> {
    // generated names can collide; a few tries with fresh names is plenty
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await db
        .insert(users)
        .values({ id: randomUUID(), username: guestUsername(), role: 'guest' })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
    }
    throw new DomainError('CONFLICT', 'Could not create a guest right now. Please try again.');
  }

  async function byId(id: string): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw new DomainError('UNAUTHORIZED', 'This account no longer exists. Please sign in again.');
    return row;
  }

  return { createGuest, byId };
}

export type Users = ReturnType<typeof createUsers>;
