import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_SETTINGS, type UserSettings } from '@sayspell/core/protocol/account';
import type { UserView } from '@sayspell/core/protocol/auth';
import { and, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { guestUsername } from './guest-names.ts';

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<Omit<typeof users.$inferInsert, 'id'>>;

/** the user as the spec's User (§3); `self` adds what only its owner sees */
export function toUserView(u: UserRow, opts: { self?: boolean } = {}): UserView {
  const view: UserView = {
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
  if (!opts.self) return view;
  return {
    ...view,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    provider: u.provider,
    hasPassword: u.passwordHash !== null,
    needsDemographic: u.role !== 'guest' && u.demographic === null,
    demographic: u.demographic,
    settings: settingsOf(u),
    createdAt: u.createdAt.toISOString(),
  };
}

export function settingsOf(u: UserRow): UserSettings {
  return { ...DEFAULT_SETTINGS, ...(u.settings ?? {}) };
}

/** postgres unique violations, from pg and from PGlite */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** what a user may do depends on these: a change is told at once (session-guard.ts) */
const AUTH_FIELDS = ['role', 'removedAt', 'deletedAt'] as const;

export function createUsers(db: Db, onAuthChange: (userId: string) => void = () => {}) {
  async function createGuest(): Promise<UserRow> {
    // generated names can collide; a few tries with fresh names is plenty
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const [row] = await db
          .insert(users)
          .values({ id: randomUUID(), username: guestUsername(), role: 'guest' })
          .onConflictDoNothing()
          .returning();
        if (row) return row;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw new DomainError('CONFLICT', 'Could not create a guest right now. Please try again.');
  }

  async function find(id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async function byId(id: string): Promise<UserRow> {
    const row = await find(id);
    if (!row || row.deletedAt) {
      throw new DomainError('UNAUTHORIZED', 'This account no longer exists. Please sign in again.');
    }
    return row;
  }

  /** a live account by username (any case) or e-mail */
  async function byLogin(identifier: string): Promise<UserRow | undefined> {
    const id = identifier.trim();
    const [row] = await db
      .select()
      .from(users)
      .where(
        and(
          isNull(users.deletedAt),
          or(sql`lower(${users.username}) = lower(${id})`, eq(users.email, id.toLowerCase())),
        ),
      );
    return row;
  }

  async function byEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(isNull(users.deletedAt), eq(users.email, email.toLowerCase())));
    return row;
  }

  async function usernameTaken(username: string, exceptId?: string): Promise<boolean> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return rows.some((r) => r.id !== exceptId);
  }

  async function update(id: string, patch: UserPatch): Promise<UserRow> {
    const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
    if (!row) throw new DomainError('NOT_FOUND', 'This account no longer exists.');
    if (AUTH_FIELDS.some((f) => f in patch)) onAuthChange(id);
    return row;
  }

  async function insert(values: Omit<typeof users.$inferInsert, 'id'>): Promise<UserRow> {
    const [row] = await db
      .insert(users)
      .values({ id: randomUUID(), ...values })
      .returning();
    if (!row) throw new DomainError('CONFLICT', 'Could not create the account. Please try again.');
    return row;
  }

  /** a free username made from a name or an e-mail (social sign-in) */
  async function freeUsername(base: string): Promise<string> {
    const clean =
      base
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9._-]/g, '')
        .replace(/^[._-]+/, '')
        .slice(0, 14) || 'player';
    const stem = clean.length >= 3 ? clean : `${clean}player`.slice(0, 14);
    if (!(await usernameTaken(stem))) return stem;
    for (let i = 0; i < 10; i++) {
      const candidate = `${stem}${randomBytes(2).readUInt16BE() % 10000}`;
      if (!(await usernameTaken(candidate))) return candidate;
    }
    return `${stem.slice(0, 10)}${randomBytes(4).toString('hex')}`;
  }

  async function search(query: string, limit = 50): Promise<UserRow[]> {
    const q = `%${query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    return db
      .select()
      .from(users)
      .where(and(isNull(users.deletedAt), or(ilike(users.username, q), ilike(users.email, q))))
      .orderBy(users.username)
      .limit(limit);
  }

  return { createGuest, find, byId, byLogin, byEmail, usernameTaken, update, insert, freeUsername, search };
}

export type Users = ReturnType<typeof createUsers>;
