import type { LanguageOption } from '@sayspell/core/protocol/game';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { languages } from '../db/schema.ts';

// the languages a game can be played in, and whether each is switched on

export function createLanguageRepository(db: Db) {
  async function find(name: string) {
    const [row] = await db.select().from(languages).where(eq(languages.name, name));
    return row;
  }

  return {
    /** every language in the order the menus show them */
    async list(): Promise<LanguageOption[]> {
      const rows = await db.select().from(languages).orderBy(asc(languages.position));
      return rows.map((r) => ({ name: r.name, enabled: r.enabled }));
    },

    async exists(name: string): Promise<boolean> {
      return (await find(name)) !== undefined;
    },

    async isEnabled(name: string): Promise<boolean> {
      return (await find(name))?.enabled === true;
    },
  };
}

export type LanguageRepository = ReturnType<typeof createLanguageRepository>;
