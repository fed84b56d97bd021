import type { LanguageOption } from '@sayspell/core/protocol/game';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { languages } from '../db/schema.ts';

export function languageRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get('/v1/languages', async (): Promise<LanguageOption[]> => {
    const rows = await deps.db.select().from(languages).orderBy(asc(languages.position));
    return rows.map((r) => ({ name: r.name, enabled: r.enabled }));
  });
}
