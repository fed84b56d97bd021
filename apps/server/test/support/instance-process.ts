import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

// a server instance in its own process, so a test can kill it the hard way (SIGKILL)

export function instanceProcess(
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<{ url: string; port: number; child: ChildProcess }> {
  const main = path.join(import.meta.dirname, '..', '..', 'src', 'main.ts');
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
      GUEST_MAX_PER_IP: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const m = out.match(/open (http:\/\/\S+) in your browser/);
      if (m) resolve({ url: m[1] as string, port: Number(new URL(m[1] as string).port), child });
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
  });
}
