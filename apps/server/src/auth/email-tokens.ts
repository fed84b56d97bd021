import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailTokens } from '../db/schema.ts';
import { DomainError } from '../errors.ts';

// single-use, expiring links sent by mail; the database keeps only a hash of each token

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createEmailTokens(db: Db, clock: { now(): number }, ttlSeconds: number) {
  return {
    async issue(userId: string, purpose: 'verify-email'): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.insert(emailTokens).values({
        id: randomUUID(),
        userId,
        purpose,
        tokenHash: hash(token),
        expiresAt: now + ttlSeconds * 1000,
        createdAt: now,
      });
      return token;
    },

    /** spends a token: returns its user, or a 400 that says why the link does not work */
    async spend(token: string, purpose: 'verify-email'): Promise<string> {
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
      if (spent && spent.expiresAt > now) return spent.userId;
      if (spent) throw new DomainError('LINK_EXPIRED', 'This link has expired. Ask for a new one below.');
      const [known] = await db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, hash(token)));
      if (known)
        throw new DomainError(
          'LINK_USED',
          'This link was already used. If your e-mail is verified, sign in.',
        );
      throw new DomainError('LINK_INVALID', 'This link is not valid. Ask for a new one below.');
    },
  };
}

export type EmailTokens = ReturnType<typeof createEmailTokens>;
