import fs from 'node:fs';
import path from 'node:path';

// PGlite is one process's database: it does not lock its folder, so we do. a second server on
// the same folder is refused with a message that says what to do.

const heldHere = new Set<string>();

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  const refuse = (pid: number | string) =>
    new DataDirLockedError(
      `The data folder ${dir} is in use by another SaySpell server (pid ${pid}). ` +
        'Stop that server first, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
  if (heldHere.has(file)) throw refuse(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw refuse(pid);
      // a lock left by a process that is gone (a crash, a kill -9): take it over
      fs.rmSync(file, { force: true });
    }
  }
  throw refuse('unknown');
}
