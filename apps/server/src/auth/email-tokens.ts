import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailTokens } from '../db/schema.ts';
import { DomainError } from '../errors.ts';

// single-use, expiring links sent by mail; the database keeps only a hash of each token

export type LinkPurpose = 'verify-email' | 'reset-password' | 'change-email';

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** what a player reads when a link does not work, per kind of link */
const WHY: Record<LinkPurpose, { expired: string; used: string; invalid: string }> = {
  'verify-email': {
    expired: 'This link has expired. Ask for a new one below.',
    used: 'This link was already used. If your e-mail is verified, sign in.',
    invalid: 'This link is not valid. Ask for a new one below.',
  },
  'reset-password': {
    expired: 'This password reset link has expired. Ask for a new one.',
    used: 'This password reset link was already used. Sign in, or ask for a new link.',
    invalid: 'This password reset link is not valid. Ask for a new one.',
  },
  'change-email': {
    expired: 'This link has expired. Change your e-mail again from your account page.',
    used: 'This link was already used. Your e-mail has been changed: sign in with the new one.',
    invalid: 'This link is not valid. Change your e-mail again from your account page.',
  },
};

export interface SpentLink {
  userId: string;
  /** change-email: the address the link confirms */
  newEmail: string | null;
}

export function createEmailTokens(db: Db, clock: { now(): number }, ttlSeconds: number) {
  /** the 400 that says why a token that is not (or no longer) good does not work */
  async function refusal(token: string, purpose: LinkPurpose, row?: { expiresAt: number }) {
    const why = WHY[purpose];
    if (row) return new DomainError('LINK_EXPIRED', why.expired);
    const [known] = await db
      .select({ usedAt: emailTokens.usedAt, expiresAt: emailTokens.expiresAt })
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, hash(token)), eq(emailTokens.purpose, purpose)));
    if (known && known.expiresAt <= clock.now()) return new DomainError('LINK_EXPIRED', why.expired);
    if (known) return new DomainError('LINK_USED', why.used);
    return new DomainError('LINK_INVALID', why.invalid);
  }

  /** spends a token: returns its user and address, or a 400 that says why the link does not work */
  async function spendLink(token: string, purpose: LinkPurpose): Promise<SpentLink> {
    const now = clock.now();
    const [spent] = await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, hash(token)),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
        ),
      )
      .returning();
    if (spent && spent.expiresAt > now) return { userId: spent.userId, newEmail: spent.newEmail };
    throw await refusal(token, purpose, spent);
  }

  return {
    async issue(
      userId: string,
      purpose: LinkPurpose,
      opts: { newEmail?: string; ttlSeconds?: number } = {},
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.insert(emailTokens).values({
        id: randomUUID(),
        userId,
        purpose,
        newEmail: opts.newEmail ?? null,
        tokenHash: hash(token),
        expiresAt: now + (opts.ttlSeconds ?? ttlSeconds) * 1000,
        createdAt: now,
      });
      return token;
    },

    spendLink,

    async spend(token: string, purpose: LinkPurpose): Promise<string> {
      return (await spendLink(token, purpose)).userId;
    },

    /** whether a link still works, without spending it (the page asks before showing its form) */
    async check(token: string, purpose: LinkPurpose): Promise<void> {
      const [row] = await db
        .select({ usedAt: emailTokens.usedAt, expiresAt: emailTokens.expiresAt })
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, hash(token)), eq(emailTokens.purpose, purpose)));
      if (row && row.usedAt === null && row.expiresAt > clock.now()) return;
      throw await refusal(token, purpose);
    },

    /**
     * a user's unused links of one kind stop working (another one was used, the password or the
     * address changed): they expire now, so a player who opens one reads "expired", not "used"
     */
    async revoke(userId: string, purpose: LinkPurpose): Promise<void> {
      const now = clock.now();
      await db
        .update(emailTokens)
        .set({ expiresAt: now })
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        );
    },

    /** every link of a user goes (the account was deleted) */
    async forgetAll(userId: string): Promise<void> {
      await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
    },
  };
}

export type EmailTokens = ReturnType<typeof createEmailTokens>;
