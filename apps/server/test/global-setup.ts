import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database.ts';
import { seed } from '../src/db/seed.ts';

// initdb, migrations and the word bank take seconds: do them once, and let every test server
// start from a copy of that folder

export default async function setup({
  provide,
}: {
  provide: (key: 'pgliteTemplate', value: string) => void;
}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-pglite-template-'));
  const database = await openDatabase({ dataDir: dir });
  await seed(database.db);
  await database.close();
  provide('pgliteTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
