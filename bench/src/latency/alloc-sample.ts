import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

// where a running server allocates: a sampling heap profile through the inspector that keeps the
// objects the scavenger and the major gc collect too (V8 drops those by default, which shows only
// what survives). start the bench with BENCH_SERVER_NODE_ARGS=--inspect=127.0.0.1:9333, then
//   node --import tsx bench/src/latency/alloc-sample.ts [seconds=30] [out.heapprofile] [port=9333]
// during the measured round. prints the bytes sampled by allocating function (self), largest first;
// the profile it writes opens in Chrome's devtools (Memory tab) for the call trees.

interface SampleNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SampleNode[];
}

const [secondsArg, outArg, portArg] = process.argv.slice(2);
const seconds = Number(secondsArg || 30);
const out = outArg || path.join(os.tmpdir(), 'sayspell-alloc.heapprofile');
const port = portArg || '9333';
const usage = 'usage: alloc-sample.ts [seconds] [out.heapprofile] [inspector port]';
if (!(seconds > 0)) throw new Error(`seconds must be a number > 0, not "${secondsArg}". ${usage}`);

const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
  webSocketDebuggerUrl: string;
}[];
const target = targets[0];
if (!target) throw new Error(`no inspector target on port ${port}. ${usage}`);
const ws = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
let nextId = 0;
const waiting = new Map<number, (result: unknown) => void>();
ws.on('message', (data) => {
  const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
  if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result);
});
const call = <T>(method: string, params: object = {}) =>
  new Promise<T>((resolve) => {
    const id = ++nextId;
    waiting.set(id, resolve as (r: unknown) => void);
    ws.send(JSON.stringify({ id, method, params }));
  });

await call('HeapProfiler.enable');
await call('HeapProfiler.startSampling', {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
process.stdout.write(`sampling allocations for ${seconds} s\n`);
await new Promise((r) => setTimeout(r, seconds * 1000));
const { profile } = await call<{ profile: { head: SampleNode } }>('HeapProfiler.stopSampling');
ws.close();
fs.writeFileSync(out, JSON.stringify(profile));

const bySite = new Map<string, number>();
let total = 0;
const shortUrl = (url: string) =>
  url.replace(/.*node_modules\//, '').replace(/^.*?\/(apps|packages)\//, '$1/');
(function walk(node: SampleNode) {
  const f = node.callFrame;
  const site = `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
  total += node.selfSize;
  bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
  for (const child of node.children) walk(child);
})(profile.head);
process.stdout.write(
  `${(total / 1e6).toFixed(1)} MB sampled, ${(total / 1e6 / seconds).toFixed(2)} MB/s; written to ${out}\n`,
);
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  process.stdout.write(
    `${(bytes / 1e6).toFixed(2).padStart(8)} MB ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${site}\n`,
  );
}
