import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { AdminService } from '../auth/admin-service.ts';
import type { Users } from '../auth/users.ts';
import type { Db } from '../db/database.ts';
import { feedback, reports } from '../db/schema.ts';
import { DomainError } from '../errors.ts';

// reports of users, flags of content and feedback, kept for the moderators; an admin dismisses a
// report or suspends (removes) the reported account

export function createModerationService(deps: {
  db: Db;
  users: Users;
  admin: AdminService;
  clock: { now(): number };
}) {
  const { db, users } = deps;
  const self = (me: string, user: string) => {
    if (me !== user) throw new DomainError('FORBIDDEN', 'user must be your own id.');
  };

  return {
    async reportUser(me: string, input: { userReported: string; message?: string; user: string }) {
      self(me, input.user);
      if (input.userReported === me) throw new DomainError('BAD_REQUEST', 'You cannot report yourself.');
      const reported = await users.find(input.userReported);
      if (!reported) throw new DomainError('NOT_FOUND', 'That player does not exist.');
      const id = randomUUID();
      await db.insert(reports).values({
        id,
        kind: 'user',
        reporterId: me,
        reportedId: reported.id,
        message: input.message ?? null,
        createdAt: deps.clock.now(),
      });
      return { _id: id, message: 'Thank you. A moderator will look at it within 24 hours.' };
    },

    async flagContent(me: string, input: { content: string; user: string }) {
      self(me, input.user);
      const id = randomUUID();
      await db
        .insert(reports)
        .values({ id, kind: 'content', reporterId: me, content: input.content, createdAt: deps.clock.now() });
      return { _id: id, message: 'Thank you. Objectionable content is removed within 24 hours.' };
    },

    async feedback(me: string, input: { subject: string; message: string; user: string }) {
      self(me, input.user);
      const id = randomUUID();
      await db.insert(feedback).values({
        id,
        userId: me,
        subject: input.subject,
        message: input.message,
        createdAt: deps.clock.now(),
      });
      return { _id: id, message: 'Thank you for your feedback.' };
    },

    async list(status: 'open' | 'all' = 'open') {
      const rows = await db
        .select()
        .from(reports)
        .where(status === 'open' ? eq(reports.status, 'open') : undefined)
        .orderBy(desc(reports.createdAt))
        .limit(200);
      const name = async (id: string | null) => (id ? ((await users.find(id))?.username ?? null) : null);
      const out = [];
      for (const r of rows) {
        out.push({
          _id: r.id,
          kind: r.kind,
          status: r.status,
          reporter: { _id: r.reporterId, username: await name(r.reporterId) },
          reported: r.reportedId ? { _id: r.reportedId, username: await name(r.reportedId) } : null,
          content: r.content,
          message: r.message,
          createdAt: r.createdAt,
        });
      }
      const notes = await db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(200);
      return {
        reports: out,
        feedback: notes.map((f) => ({
          _id: f.id,
          user: f.userId,
          subject: f.subject,
          message: f.message,
          createdAt: f.createdAt,
        })),
      };
    },

    async resolve(adminId: string, id: string, action: 'dismiss' | 'suspend') {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      if (!row) throw new DomainError('NOT_FOUND', 'There is no such report.');
      if (action === 'suspend') {
        if (!row.reportedId)
          throw new DomainError('BAD_REQUEST', 'A content flag names no account to suspend.');
        await deps.admin.setRemoved(adminId, row.reportedId, true);
      }
      const [done] = await db
        .update(reports)
        .set({
          status: action === 'dismiss' ? 'dismissed' : 'actioned',
          resolvedBy: adminId,
          resolvedAt: deps.clock.now(),
        })
        .where(and(eq(reports.id, id)))
        .returning();
      return { _id: done?.id ?? id, status: done?.status ?? 'open' };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
