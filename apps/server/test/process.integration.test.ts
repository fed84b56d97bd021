import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDataDir, onPostgres } from './harness.ts';

// the real entry point in real processes: a second server on the same PGlite folder is refused,
// and SIGTERM stops the first one cleanly

const main = path.join(import.meta.dirname, '..', 'src', 'main.ts');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

function startProcess(dataDir: string) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = out.match(/open (http:\/\/\S+) in your browser/);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
  return { child, ready, exited, output: () => out };
}

describe.skipIf(onPostgres)('server processes', () => {
  it('refuses a second process on the same data folder, and stops cleanly on SIGTERM', async () => {
    const dataDir = freshDataDir();
    const first = startProcess(dataDir);
    const url = await first.ready;
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const second = startProcess(dataDir);
    second.ready.catch(() => {}); // it is not meant to get ready
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another SaySpell server \(pid \d+\)/);
    expect(second.output()).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
    // the refused process did not disturb the first
    expect((await fetch(`${url}/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 60_000);
});
