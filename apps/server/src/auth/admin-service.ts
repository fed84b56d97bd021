import { DomainError } from '../errors.ts';
import type { AuthService } from './auth-service.ts';
import type { UserRow, Users } from './users.ts';

// what admins do to accounts: promote, demote, remove and restore. the same functions serve the
// admin routes and the command line

export interface AdminUserView {
  _id: string;
  username: string;
  email: string | null;
  role: UserRow['role'];
  provider: UserRow['provider'];
  removed: boolean;
  createdAt: string;
}

export const toAdminView = (u: UserRow): AdminUserView => ({
  _id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  provider: u.provider,
  removed: u.removedAt !== null,
  createdAt: u.createdAt.toISOString(),
});

export function createAdminService(deps: { users: Users; auth: AuthService }) {
  const { users } = deps;

  async function live(id: string) {
    const user = await users.find(id);
    if (!user || user.deletedAt) throw new DomainError('NOT_FOUND', 'There is no such account.');
    return user;
  }

  async function registered(id: string) {
    const user = await live(id);
    if (user.role === 'guest') throw new DomainError('BAD_REQUEST', 'Guests have no account to change.');
    return user;
  }

  return {
    async list(query: string) {
      return (await users.search(query)).filter((u) => u.role !== 'guest').map(toAdminView);
    },

    async setRole(actorId: string | undefined, id: string, role: 'user' | 'admin') {
      const user = await registered(id);
      if (actorId === id && role !== 'admin') {
        throw new DomainError('BAD_REQUEST', 'You cannot take away your own admin role.');
      }
      return toAdminView(await users.update(user.id, { role }));
    },

    /** a removed account cannot sign in and its sessions end at once */
    async setRemoved(actorId: string | undefined, id: string, removed: boolean) {
      // guests can be suspended too (a report may be about one)
      const user = await live(id);
      if (actorId === id) throw new DomainError('BAD_REQUEST', 'You cannot remove your own account here.');
      const updated = await users.update(user.id, {
        removedAt: removed ? (user.removedAt ?? new Date()) : null,
      });
      if (removed) await deps.auth.endAllSessions(user.id);
      return toAdminView(updated);
    },

    /** the command line finds accounts by e-mail or username */
    async resolve(identifier: string) {
      const user = await users.byLogin(identifier);
      if (!user) throw new DomainError('NOT_FOUND', `There is no account "${identifier}".`);
      return user;
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
