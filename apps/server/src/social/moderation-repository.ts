import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { feedback, reports } from '../db/schema.ts';

// reports, content flags and feedback in the database

export type Report = typeof reports.$inferSelect;
export type Feedback = typeof feedback.$inferSelect;
type NewReport = Pick<Report, 'kind' | 'reporterId' | 'createdAt'> &
  Partial<Pick<Report, 'reportedId' | 'content' | 'message'>>;

export function createModerationRepository(db: Db) {
  return {
    /** the new report's id */
    async addReport(report: NewReport): Promise<string> {
      const id = randomUUID();
      await db.insert(reports).values({ id, ...report });
      return id;
    },

    /** the new note's id */
    async addFeedback(note: Omit<Feedback, 'id'>): Promise<string> {
      const id = randomUUID();
      await db.insert(feedback).values({ id, ...note });
      return id;
    },

    /** the newest reports first, open ones only or all */
    async reports(status: 'open' | 'all', limit: number): Promise<Report[]> {
      return db
        .select()
        .from(reports)
        .where(status === 'open' ? eq(reports.status, 'open') : undefined)
        .orderBy(desc(reports.createdAt))
        .limit(limit);
    },

    async report(id: string): Promise<Report | null> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row ?? null;
    },

    /** the report as it stands after the moderator's decision, or null if there is none */
    async resolveReport(
      id: string,
      decision: { status: Report['status']; resolvedBy: string; resolvedAt: number },
    ): Promise<Report | null> {
      const [row] = await db.update(reports).set(decision).where(eq(reports.id, id)).returning();
      return row ?? null;
    },

    /** the newest feedback first */
    async feedback(limit: number): Promise<Feedback[]> {
      return db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(limit);
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
