import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { DomainError } from '../errors.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { IssuedRefresh, RefreshTokens } from './refresh-tokens.ts';
import { toUserView, type UserRow, type Users } from './users.ts';

// sign-in strategies end here: each makes or finds a user, then gets the same token pair

export function createAuthService(deps: {
  users: Users;
  access: AccessTokens;
  refresh: RefreshTokens;
  /** a new token is signed from the account as read now; the session guard reads it again too */
  onSignIn?: (userId: string) => void;
}) {
  const { users, access, refresh } = deps;

  function assertMaySignIn(user: UserRow) {
    if (user.removedAt) {
      throw new DomainError('ACCOUNT_REMOVED', 'This account was removed by an administrator.');
    }
  }

  async function answer(user: UserRow, session: IssuedRefresh): Promise<LoginAnswer> {
    deps.onSignIn?.(user.id);
    return {
      token: {
        accessToken: await access.sign({ userId: user.id, role: user.role, sessionId: session.sessionId }),
        refreshToken: session.token,
        expiresIn: access.ttlSeconds,
        tokenType: 'Bearer',
      },
      user: toUserView(user, { self: true }),
    };
  }

  return {
    /** a new session (token family) for a user who has proved who they are */
    async signIn(user: UserRow): Promise<LoginAnswer> {
      assertMaySignIn(user);
      return answer(user, await refresh.issue(user.id));
    },
    async loginGuest(): Promise<LoginAnswer> {
      const user = await users.createGuest();
      return answer(user, await refresh.issue(user.id));
    },
    async refresh(token: string): Promise<LoginAnswer> {
      const { userId, next } = await refresh.rotate(token);
      const user = await users.byId(userId);
      assertMaySignIn(user);
      return answer(user, next);
    },
    logout: (token: string | undefined) => (token ? refresh.revoke(token) : Promise.resolve()),
    /** ends every session of a user (password change, removal, deletion) */
    endAllSessions: (userId: string) => refresh.revokeUser(userId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
