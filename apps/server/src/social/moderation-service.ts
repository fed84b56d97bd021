import type { AdminService } from '../auth/admin-service.ts';
import type { Users } from '../auth/users.ts';
import { DomainError } from '../errors.ts';
import type { ModerationRepository } from './moderation-repository.ts';

// reports of users, flags of content and feedback, kept for the moderators; an admin dismisses a
// report or suspends (removes) the reported account

export function createModerationService(deps: {
  repo: ModerationRepository;
  users: Users;
  admin: AdminService;
  clock: { now(): number };
}) {
  const { repo, users } = deps;
  const self = (me: string, user: string) => {
    if (me !== user) throw new DomainError('FORBIDDEN', 'user must be your own id.');
  };

  return {
    async reportUser(me: string, input: { userReported: string; message?: string; user: string }) {
      self(me, input.user);
      if (input.userReported === me) throw new DomainError('BAD_REQUEST', 'You cannot report yourself.');
      const reported = await users.find(input.userReported);
      if (!reported) throw new DomainError('NOT_FOUND', 'That player does not exist.');
      const id = await repo.addReport({
        kind: 'user',
        reporterId: me,
        reportedId: reported.id,
        message: input.message ?? null,
        createdAt: deps.clock.now(),
      });
      return { id, message: 'Thank you. A moderator will look at it within 24 hours.' };
    },

    async flagContent(me: string, input: { content: string; user: string }) {
      self(me, input.user);
      const id = await repo.addReport({
        kind: 'content',
        reporterId: me,
        content: input.content,
        createdAt: deps.clock.now(),
      });
      return { id, message: 'Thank you. Objectionable content is removed within 24 hours.' };
    },

    async feedback(me: string, input: { subject: string; message: string; user: string }) {
      self(me, input.user);
      const id = await repo.addFeedback({
        userId: me,
        subject: input.subject,
        message: input.message,
        createdAt: deps.clock.now(),
      });
      return { id, message: 'Thank you for your feedback.' };
    },

    async list(status: 'open' | 'all' = 'open') {
      const rows = await repo.reports(status, 200);
      const name = async (id: string | null) => (id ? ((await users.find(id))?.username ?? null) : null);
      const out = [];
      for (const r of rows) {
        out.push({
          id: r.id,
          kind: r.kind,
          status: r.status,
          reporter: { id: r.reporterId, username: await name(r.reporterId) },
          reported: r.reportedId ? { id: r.reportedId, username: await name(r.reportedId) } : null,
          content: r.content,
          message: r.message,
          createdAt: r.createdAt,
        });
      }
      const notes = await repo.feedback(200);
      return {
        reports: out,
        feedback: notes.map(({ id, userId, subject, message, createdAt }) => ({
          id,
          userId,
          subject,
          message,
          createdAt,
        })),
      };
    },

    async resolve(adminId: string, id: string, action: 'dismiss' | 'suspend') {
      const row = await repo.report(id);
      if (!row) throw new DomainError('NOT_FOUND', 'There is no such report.');
      if (action === 'suspend') {
        if (!row.reportedId)
          throw new DomainError('BAD_REQUEST', 'A content flag names no account to suspend.');
        await deps.admin.setRemoved(adminId, row.reportedId, true);
      }
      const done = await repo.resolveReport(id, {
        status: action === 'dismiss' ? 'dismissed' : 'actioned',
        resolvedBy: adminId,
        resolvedAt: deps.clock.now(),
      });
      return { id: done?.id ?? id, status: done?.status ?? 'open' };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
