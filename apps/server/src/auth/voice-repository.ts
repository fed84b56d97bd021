import { DEFAULT_VOICE_SETTINGS, type VoiceSettings } from '@sayspell/core/protocol/account';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { games, users } from '../db/schema.ts';

// where a player's voice and speed are kept (users.voice), and whose choice a game's word audio uses

export function createVoiceRepository(db: Db) {
  return {
    async ofUser(userId: string): Promise<VoiceSettings> {
      const [row] = await db.select({ voice: users.voice }).from(users).where(eq(users.id, userId));
      return { ...DEFAULT_VOICE_SETTINGS, ...(row?.voice ?? {}) };
    },

    async save(userId: string, voice: VoiceSettings): Promise<VoiceSettings> {
      const [row] = await db
        .update(users)
        .set({ voice })
        .where(eq(users.id, userId))
        .returning({ voice: users.voice });
      return { ...DEFAULT_VOICE_SETTINGS, ...(row?.voice ?? {}) };
    },

    /** the speller listens to the word: their choice, and the game's language */
    async ofGameSpeller(gameId: string): Promise<{ language: string; voice: VoiceSettings } | undefined> {
      const [row] = await db
        .select({ language: games.language, voice: users.voice })
        .from(games)
        .innerJoin(users, eq(users.id, games.spellerId))
        .where(eq(games.id, gameId));
      return row
        ? { language: row.language, voice: { ...DEFAULT_VOICE_SETTINGS, ...(row.voice ?? {}) } }
        : undefined;
    },
  };
}

export type VoiceRepository = ReturnType<typeof createVoiceRepository>;
