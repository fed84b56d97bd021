import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDataDir, onPostgres } from './harness.ts';

// the real entry point on a port another program holds: one sentence that says what to do, no
// stack trace, exit code 1, and the data folder's lock given back

const main = path.join(import.meta.dirname, '..', 'src', 'main.ts');
const holder = net.createServer();
afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

describe.skipIf(onPostgres)('a port already in use', () => {
  it('stops the server with one sentence naming the port and PORT', async () => {
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    const dataDir = freshDataDir();
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', main], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(out.trim()).toBe(
      `SaySpell could not start: port ${port} is in use by another program (is SaySpell already running?); set PORT to a free port, e.g. PORT=${port + 1}`,
    );
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 60_000);
});
