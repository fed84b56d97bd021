import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

// initdb in PGlite takes seconds: do it once, and let every test server copy the empty cluster

export default async function setup({
  provide,
}: {
  provide: (key: 'pgliteTemplate', value: string) => void;
}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-pglite-template-'));
  const db = await PGlite.create(path.join(dir, 'pglite'));
  await db.close();
  provide('pgliteTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
