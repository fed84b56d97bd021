import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import type { AccessTokens } from './access-tokens.ts';
import type { RefreshTokens } from './refresh-tokens.ts';
import { toUserView, type Users } from './users.ts';

// sign-in strategies end here: each makes or finds a user, then gets the same token pair

export function createAuthService(deps: { users: Users; access: AccessTokens; refresh: RefreshTokens }) {
  const { users, access, refresh } = deps;

  async function answer(
    user: Awaited<ReturnType<Users['byId']>>,
    refreshToken: string,
  ): Promise<LoginAnswer> {
    return {
      token: {
        accessToken: await access.sign({ userId: user.id, role: user.role }),
        refreshToken,
        expiresIn: access.ttlSeconds,
        tokenType: 'Bearer',
      },
      user: toUserView(user),
    };
  }

  return {
    async loginGuest(): Promise<LoginAnswer> {
      const user = await users.createGuest();
      return answer(user, await refresh.issue(user.id));
    },
    async refresh(token: string): Promise<LoginAnswer> {
      const { userId, next } = await refresh.rotate(token);
      return answer(await users.byId(userId), next);
    },
    logout: (token: string | undefined) => (token ? refresh.revoke(token) : Promise.resolve()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
