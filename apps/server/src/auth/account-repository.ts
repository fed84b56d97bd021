import type { SocialProvider } from '@sayspell/core/protocol/account';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailTokens, matchQueue, socialIdentities } from '../db/schema.ts';

// what an account holds beside its user row: social sign-in identities, mailed links, a place in
// the match queue. the account and profile services ask in these words; the SQL stays here

export function createAccountRepository(db: Db) {
  return {
    /** the user a provider's subject signs in as, if it is known */
    async identityOwner(provider: SocialProvider, subject: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: socialIdentities.userId })
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
      return row?.userId ?? null;
    },

    /** the provider's subject signs in as this user from now on */
    async linkIdentity(identity: {
      provider: SocialProvider;
      subject: string;
      userId: string;
      email: string | null;
    }): Promise<void> {
      await db
        .insert(socialIdentities)
        .values(identity)
        .onConflictDoUpdate({
          target: [socialIdentities.provider, socialIdentities.subject],
          set: { userId: identity.userId },
        });
    },

    /** a deleted account signs in with no provider any more and waits in no queue (one transaction) */
    async forgetIdentitiesAndQueue(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(socialIdentities).where(eq(socialIdentities.userId, userId));
        await tx.delete(matchQueue).where(eq(matchQueue.userId, userId));
      });
    },

    /** every mailed link of the user's stops working */
    async forgetEmailLinks(userId: string): Promise<void> {
      await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
