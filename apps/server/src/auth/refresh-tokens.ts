import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { anyOf } from '../db/any-of.ts';
import type { Db } from '../db/database.ts';
import { refreshTokens } from '../db/schema.ts';
import { DomainError } from '../errors.ts';

// rotating refresh tokens, stored hashed. each use spends the token and issues the next one in
// the same family; presenting a spent token again means it was stolen, so the family is revoked.

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** a refresh token and the session (family) it belongs to; access tokens name the session */
export interface IssuedRefresh {
  token: string;
  sessionId: string;
}

export function createRefreshTokens(
  db: Db,
  ttlSeconds: number,
  /** sessions of the user were revoked: their access tokens must stop working too */
  onRevoked: (userId: string) => void = () => {},
) {
  async function issue(userId: string, familyId: string = randomUUID()): Promise<IssuedRefresh> {
    const token = randomBytes(32).toString('base64url');
    await db.insert(refreshTokens).values({
      id: randomUUID(),
      userId,
      familyId,
      tokenHash: hash(token),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    return { token, sessionId: familyId };
  }

  async function revokeFamily(familyId: string): Promise<void> {
    const rows = await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ userId: refreshTokens.userId });
    if (rows[0]) onRevoked(rows[0].userId);
  }

  /** spends a refresh token: returns its user and the next token of the family */
  async function rotate(token: string): Promise<{ userId: string; next: IssuedRefresh }> {
    const invalid = new DomainError('INVALID_TOKEN', 'Your session has ended. Please sign in again.');
    const spent = await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.tokenHash, hash(token)),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning();
    const row = spent[0];
    if (!row) {
      const [known] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash(token)));
      if (known) await revokeFamily(known.familyId);
      throw invalid;
    }
    if (row.expiresAt.getTime() < Date.now()) throw invalid;
    return { userId: row.userId, next: await issue(row.userId, row.familyId) };
  }

  async function revoke(token: string): Promise<void> {
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash(token)));
    if (row) await revokeFamily(row.familyId);
  }

  async function revokeUser(userId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    onRevoked(userId);
  }

  /** which of these sessions were ended (logout, password change, removal, a stolen token) */
  async function revokedAmong(sessionIds: string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(anyOf(refreshTokens.familyId, sessionIds, 'uuid'), isNotNull(refreshTokens.revokedAt)));
    return new Set(rows.map((r) => r.familyId));
  }

  return { issue, rotate, revoke, revokeUser, revokedAmong };
}

export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
