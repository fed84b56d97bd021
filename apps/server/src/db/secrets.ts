import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { serverMeta } from './schema.ts';

// a secret made once and kept in the database, so every instance on that database shares it

export async function loadOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverMeta)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverMeta).where(eq(serverMeta.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
