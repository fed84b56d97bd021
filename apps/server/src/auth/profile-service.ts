import { randomBytes } from 'node:crypto';
import type { Avatar, Demographic, UserSettings } from '@sayspell/core/protocol/account';
import type { LoginAnswer, UserView } from '@sayspell/core/protocol/auth';
import { DomainError } from '../errors.ts';
import type { AccessClaims } from './access-tokens.ts';
import type { AccountRepository } from './account-repository.ts';
import type { AccountService } from './account-service.ts';
import type { AuthService } from './auth-service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { isUniqueViolation, settingsOf, toUserView, type Users } from './users.ts';

// what a signed-in player changes about their own account

export function createProfileService(deps: {
  repo: AccountRepository;
  users: Users;
  auth: AuthService;
  accounts: AccountService;
  /** friends and blocks, for the profile's lists */
  relationsOf(
    userId: string,
  ): Promise<Pick<UserView, 'friends' | 'usersThatIblocked' | 'usersThatBlockedMe'>>;
}) {
  const { users } = deps;
  const view = async (id: string): Promise<UserView> => ({
    ...toUserView(await users.byId(id), { self: true }),
    ...(await deps.relationsOf(id)),
  });

  async function registered(me: AccessClaims) {
    const user = await users.byId(me.userId);
    if (user.role === 'guest')
      throw new DomainError('FORBIDDEN', 'This needs a registered account. Sign up to keep it.');
    return user;
  }

  return {
    view,

    async update(me: AccessClaims, patch: { name?: string; username?: string }): Promise<UserView> {
      const user = await registered(me);
      if (patch.username !== undefined && (await users.usernameTaken(patch.username, user.id))) {
        throw new DomainError('USERNAME_TAKEN', 'That username is taken. Please choose another.');
      }
      try {
        return toUserView(await users.update(user.id, patch), { self: true });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new DomainError('USERNAME_TAKEN', 'That username is taken. Please choose another.');
        throw err;
      }
    },

    /** a new password ends every other session; this tab gets a fresh one */
    async changePassword(me: AccessClaims, current: string, next: string): Promise<LoginAnswer> {
      const user = await registered(me);
      if (!user.passwordHash) {
        throw new DomainError(
          'BAD_REQUEST',
          'This account signs in with a social provider and has no password.',
        );
      }
      if (!(await verifyPassword(user.passwordHash, current))) {
        throw new DomainError('WRONG_PASSWORD', 'Your current password is not right.');
      }
      const updated = await users.update(user.id, { passwordHash: await hashPassword(next) });
      await deps.auth.endAllSessions(user.id);
      await deps.accounts.passwordChanged(user.id);
      return deps.auth.signIn(updated);
    },

    /** personal data goes; the row stays, nameless, so partners' and leaderboard games still add up */
    async deleteAccount(me: AccessClaims, proof: { password?: string; confirm?: 'DELETE' }): Promise<void> {
      const user = await registered(me);
      if (user.passwordHash) {
        if (!proof.password || !(await verifyPassword(user.passwordHash, proof.password))) {
          throw new DomainError(
            'WRONG_PASSWORD',
            'Your password is not right, so the account was not deleted.',
          );
        }
      } else if (proof.confirm !== 'DELETE') {
        throw new DomainError('VALIDATION', 'Type DELETE to confirm that the account should be deleted.');
      }
      await deps.repo.forgetIdentitiesAndQueue(user.id);
      await deps.accounts.forgetLinks(user.id);
      await users.update(user.id, {
        username: `deleted-${randomBytes(5).toString('hex')}`,
        name: null,
        email: null,
        emailVerifiedAt: null,
        passwordHash: null,
        picture: null,
        settings: null,
        demographic: null,
        role: 'user',
        deletedAt: new Date(),
      });
      await deps.auth.endAllSessions(user.id);
    },

    async setAvatar(me: AccessClaims, picture: Avatar | null): Promise<UserView> {
      const user = await registered(me);
      return toUserView(await users.update(user.id, { picture }), { self: true });
    },

    async settings(me: AccessClaims): Promise<UserSettings> {
      return settingsOf(await users.byId(me.userId));
    },

    async saveSettings(me: AccessClaims, settings: UserSettings): Promise<UserSettings> {
      const user = await registered(me);
      return settingsOf(await users.update(user.id, { settings }));
    },

    async confirmEula(me: AccessClaims, userId: string) {
      if (userId !== me.userId)
        throw new DomainError('FORBIDDEN', 'You can only confirm the agreement for yourself.');
      await users.update((await users.byId(me.userId)).id, { hasConfirmedEula: true });
      return { hasConfirmedEULA: true };
    },

    async saveDemographic(me: AccessClaims, demographic: Demographic): Promise<UserView> {
      const user = await registered(me);
      return toUserView(await users.update(user.id, { demographic }), { self: true });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
