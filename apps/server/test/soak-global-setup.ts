import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withAdmin } from './postgres-global-setup.ts';

// the soak (test/soak.integration.test.ts) plays from the run's first second, beside the other
// files: 100 games at a guess every 2–4 s take a tenth of a core, and a test file of its own in
// the first group held one of its two workers for the whole two minutes. the soak's test, in the
// group that runs after, waits for this player to finish and reads what it wrote

export const GAMES = 100;
export const MINUTES = 2;
const root = path.join(import.meta.dirname, '../../..');

/** what the soak's player writes: the bench's JSON, and its exit code once it has exited */
export const soakFiles = (out: string) => ({
  result: path.join(out, `soak-postgres-${MINUTES}min.json`),
  exit: path.join(out, 'exit-code'),
});

export default async function setup({ provide }: { provide: (key: 'soakOut', value: string) => void }) {
  const base = process.env.SAYSPELL_TEST_DATABASE_URL;
  if (!base || !process.env.CI) return;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-soak-'));
  // a database of its own, which the real server migrates and seeds as it starts; not named after
  // the run's, whose copies the other files' set-up drops (test/postgres-global-setup.ts)
  const name = `soak_${new URL(base).pathname.slice(1)}`;
  const admin = (sql: string) => withAdmin(base, (client) => client.query(sql));
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      'bench/src/soak.ts',
      '--games',
      `${GAMES}`,
      '--minutes',
      `${MINUTES}`,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        REDIS_URL: process.env.SAYSPELL_TEST_REDIS_URL,
        BENCH_RESULTS_DIR: out,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // the exit code, or why the player never started: the soak's test reads it either way
  const exited = new Promise<void>((resolve) => {
    const end = (outcome: string) => {
      fs.writeFileSync(soakFiles(out).exit, outcome);
      resolve();
    };
    child.once('exit', (code, signal) => end(String(code ?? signal)));
    child.once('error', (err) => end(`not started: ${err.message}`));
  });
  provide('soakOut', out);
  return async () => {
    // a run stopped early (a failed file, ^C) does not leave the player behind
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await admin(`drop database if exists "${name}" with (force)`);
    fs.rmSync(out, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    soakOut: string;
  }
}
