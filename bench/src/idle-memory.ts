import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchServerEnv, cpuMsOf, freePort, machineBusyMs, root } from './latency/processes.ts';
import { median, writeResult } from './measure.ts';

// B3: memory per idle authenticated connection. the server (the real one, in a process started
// with --expose-gc) is measured after full collections before and after `--connections` sockets,
// each with its own guest's token, are open and idle; the clients live in other processes. the
// baseline is a bare ws server holding the same number of idle connections, measured the same way.
// the two alternate, `--rounds` times each; medians.
//   npm run idle-memory -w @sayspell/bench -- [--connections 10000] [--rounds 2] [--discard-request]

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '2' },
    'client-processes': { type: 'string', default: '4' },
    /** drops engine.io's reference to the upgrade request (an option under test) */
    'discard-request': { type: 'boolean', default: false },
  },
});
const total = Number(args.connections);
const clientProcesses = Number(args['client-processes']);
const onPostgres = !!process.env.DATABASE_URL;
const backend = onPostgres ? `postgres${process.env.REDIS_URL ? '+redis' : ''}` : 'pglite';

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}
interface Probe {
  url: string;
  child: ChildProcess;
  measure(): Promise<{ memory: Memory; sockets: number }>;
  stop(): Promise<void>;
}

async function startProbe(script: string, env: Record<string, string>): Promise<Probe> {
  const port = await freePort();
  const child = fork(path.join(root, script), [], {
    cwd: root,
    execArgv: ['--expose-gc', '--conditions=source', '--import', 'tsx'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null || i > 1200) throw new Error(`${script} did not start`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    child,
    measure: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as { memory: Memory; sockets: number }));
        child.send('measure');
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

async function guestTokens(url: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, count - i) }, async () => {
        const res = await fetch(`${url}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ strategy: 'guest' }),
        });
        if (!res.ok) throw new Error(`guest login: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { token: { accessToken: string } }).token.accessToken;
      }),
    );
    tokens.push(...batch);
  }
  return tokens;
}

/** opens the connections from `clientProcesses` processes; resolves with a function closing them */
async function connectClients(kind: 'socket.io' | 'ws', url: string, tokens: string[]) {
  const per = Math.ceil(total / clientProcesses);
  const children: ChildProcess[] = [];
  const results = await Promise.all(
    Array.from({ length: clientProcesses }, (_, i) => {
      const child = fork(path.join(import.meta.dirname, 'memory', 'idle-clients.ts'), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      const count = Math.min(per, total - i * per);
      return new Promise<{ connected: number; failed: number }>((resolve) => {
        child.once('message', (m) => resolve(m as { connected: number; failed: number }));
        child.send(
          kind === 'ws'
            ? { kind, url, count }
            : { kind, url, tokens: tokens.slice(i * per, i * per + count) },
        );
      });
    }),
  );
  const connected = results.reduce((a, r) => a + r.connected, 0);
  const close = () =>
    Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            c.once('exit', () => resolve());
            c.send('close');
          }),
      ),
    );
  return { connected, failed: total - connected, close };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

async function measureOnce(kind: 'socket.io' | 'ws', probe: Probe, tokens: string[]) {
  const before = await probe.measure();
  const t0 = performance.now();
  const clients = await connectClients(kind, probe.url, tokens);
  const connectS = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 5000)); // idle: handshakes done, first pings exchanged
  const during = await probe.measure();
  await clients.close();
  await new Promise((r) => setTimeout(r, 7000)); // past DISCONNECT_GRACE_MS (5 s)
  const after = await probe.measure();
  const per = (k: keyof Memory) => kb((during.memory[k] - before.memory[k]) / clients.connected);
  return {
    connected: clients.connected,
    failed: clients.failed,
    serverSawSockets: during.sockets,
    connectS: Math.round(connectS * 10) / 10,
    perConnectionKb: {
      heapUsed: per('heapUsed'),
      rss: per('rss'),
      external: per('external'),
      arrayBuffers: per('arrayBuffers'),
    },
    heapUsedMb: {
      before: Math.round(before.memory.heapUsed / 2 ** 20),
      during: Math.round(during.memory.heapUsed / 2 ** 20),
      afterClose: Math.round(after.memory.heapUsed / 2 ** 20),
    },
    rssMb: {
      before: Math.round(before.memory.rss / 2 ** 20),
      during: Math.round(during.memory.rss / 2 ** 20),
      afterClose: Math.round(after.memory.rss / 2 ** 20),
    },
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-memory-'));
const server = await startProbe('bench/src/memory/probe-server.ts', {
  ...benchServerEnv(dataDir, `bench-mem-${process.pid}`),
  DISCARD_REQUEST: args['discard-request'] ? '1' : '0',
});
const baseline = await startProbe('bench/src/memory/probe-ws.ts', {});
const bareSio = await startProbe('bench/src/memory/probe-sio.ts', {});
const busy0 = machineBusyMs();
const t0 = performance.now();
const tokens = await guestTokens(server.url, total);
console.info(`${tokens.length} guests logged in`);
type Run = Awaited<ReturnType<typeof measureOnce>>;
const runs: { sayspell: Run[]; ws: Run[]; 'socket.io': Run[] } = { sayspell: [], ws: [], 'socket.io': [] };
try {
  for (let r = 0; r < Number(args.rounds); r++) {
    const order =
      r % 2 ? (['ws', 'socket.io', 'sayspell'] as const) : (['sayspell', 'socket.io', 'ws'] as const);
    for (const which of order) {
      const m =
        which === 'sayspell'
          ? await measureOnce('socket.io', server, tokens)
          : which === 'socket.io'
            ? await measureOnce('socket.io', bareSio, tokens)
            : await measureOnce('ws', baseline, []);
      runs[which].push(m);
      console.info(`round ${r + 1} ${which}:`, JSON.stringify(m));
    }
  }
} finally {
  await server.stop();
  await baseline.stop();
  await bareSio.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const machineLoad = Math.round((machineBusyMs() - busy0) / ((performance.now() - t0) / 1000));
const med = (xs: typeof runs.ws, k: 'heapUsed' | 'rss' | 'external' | 'arrayBuffers') =>
  median(xs.map((x) => x.perConnectionKb[k]));
const summary = {
  sayspell: {
    heapUsedKb: med(runs.sayspell, 'heapUsed'),
    rssKb: med(runs.sayspell, 'rss'),
    externalKb: med(runs.sayspell, 'external'),
  },
  bareSocketIo: {
    heapUsedKb: med(runs['socket.io'], 'heapUsed'),
    rssKb: med(runs['socket.io'], 'rss'),
    externalKb: med(runs['socket.io'], 'external'),
  },
  ws: {
    heapUsedKb: med(runs.ws, 'heapUsed'),
    rssKb: med(runs.ws, 'rss'),
    externalKb: med(runs.ws, 'external'),
  },
};
console.info(
  `\nper idle connection at ${total}, ${backend}${args['discard-request'] ? ', request discarded' : ''}:`,
);
console.info(JSON.stringify(summary, null, 2));
const name = `idle-memory${onPostgres ? '-postgres' : ''}${args['discard-request'] ? '-discard-request' : ''}`;
const settings = {
  backend,
  connections: total,
  clientProcesses,
  discardRequest: args['discard-request'],
  /** the whole machine's busy cpu during the run, ms per s (2 cores = 2000) */
  machineBusyMsPerS: machineLoad,
  serverPidCpuMs: cpuMsOf(server.child.pid ?? 0),
};
console.info('written to', writeResult(name, { settings, summary, runs }));
