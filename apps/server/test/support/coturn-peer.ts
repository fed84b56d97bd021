import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './free-port.ts';

// a real coturn on 127.0.0.1, checking credentials with a shared secret as in production
// (use-auth-secret); turnutils_uclient, from the same package, allocates a relay through it

export const hasCoturn = existsSync('/usr/bin/turnserver') && existsSync('/usr/bin/turnutils_uclient');

export async function startCoturn(secret: string): Promise<{ port: number; stop(): void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    '/usr/bin/turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--relay-ip=127.0.0.1',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=sayspell.test',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--allow-loopback-peers',
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`coturn did not start: ${out.slice(-500)}`)), 10_000);
    child.stdout?.on('data', (d) => {
      out += d;
      if (/Total (UDP|General) servers/i.test(out) || out.includes('listener opened on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`coturn exited with ${code}: ${out.slice(-500)}`)));
  });
  return { port, stop: () => child.kill('SIGKILL') };
}

/** true when coturn gave these credentials a relay allocation */
export function allocates(port: number, username: string, password: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      '/usr/bin/turnutils_uclient',
      ['-y', '-n', '1', '-m', '1', '-u', username, '-w', password, '-p', String(port), '127.0.0.1'],
      { timeout: 15_000 },
      (_err, stdout, stderr) => {
        const out = `${stdout}${stderr}`;
        resolve(!out.includes('Cannot complete Allocation') && /Total lost packets 0/.test(out));
      },
    );
  });
}
