import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { api, onPostgres, serverPool } from './harness.ts';
import { freePort } from './support/free-port.ts';

// the api rate limits count in Redis when it is configured; when Redis goes away, the api answers
// unlimited for a while instead of failing every call (a Redis of this test's own, stopped on purpose)

const start = serverPool();
let redis: ChildProcess | undefined;
afterAll(() => {
  redis?.kill('SIGKILL');
});

async function ownRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return { child, url: `redis://127.0.0.1:${port}` };
}

describe.skipIf(!onPostgres)('rate limits when Redis goes away', () => {
  it('counts in Redis, then answers without limits rather than failing', async () => {
    const own = await ownRedis();
    redis = own.child;
    const t = await start({ env: { REDIS_URL: own.url, RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3' } });
    const counted = [];
    for (let i = 0; i < 4; i++) counted.push((await api(t.url, 'GET', '/v1/config')).status);
    expect(counted).toEqual([200, 200, 200, 429]);

    const gone = new Promise((resolve) => own.child.once('exit', resolve));
    own.child.kill('SIGKILL');
    await gone;
    const res = await api<{ socialLogin: boolean }>(t.url, 'GET', '/v1/config');
    expect(res.status).toBe(200);
    expect(typeof res.body.socialLogin).toBe('boolean');
  });
});
