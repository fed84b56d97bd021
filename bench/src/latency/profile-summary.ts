import fs from 'node:fs';

// where a --cpu-prof profile of the server spends its time: self time by package, and the top
// functions. node --import tsx bench/src/latency/profile-summary.ts <file.cpuprofile> [top] [from-s] [to-s]
// (from-s and to-s: only the samples between those seconds after the profile began, e.g. a measured
// round's, found from busy time per 10 s, which is printed first)

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, fromArg, toArg] = process.argv.slice(2);
const usage = 'usage: profile-summary.ts <file.cpuprofile> [top] [from-s] [to-s]';
if (!file) throw new Error(usage);
for (const [name, arg] of [
  ['top', topArg],
  ['from-s', fromArg],
  ['to-s', toArg],
] as const) {
  if (arg !== undefined && !(Number(arg) >= 0))
    throw new Error(`${name} must be a number ≥ 0, not "${arg}". ${usage}`);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** the package (or part of the server) a function belongs to */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  const own = url.match(/\/(apps\/server|packages\/core)\/src\/([^/]+)/);
  if (own) return `${own[1]}/${own[2]}`;
  if (url.startsWith('node:')) return 'node:internals';
  if (url.startsWith('wasm://')) return "wasm (on the main thread: PGlite's Postgres)";
  return url;
}

const selfByArea = new Map<string, number>();
const selfByFn = new Map<string, number>();
const fromMs = 1000 * Number(fromArg ?? 0);
const toMs = toArg === undefined ? Infinity : 1000 * Number(toArg);
const busyPer10s: number[] = [];
let total = 0;
let at = 0;
profile.samples.forEach((id, i) => {
  const node = byId.get(id);
  const dt = (profile.timeDeltas[i] ?? 0) / 1000;
  at += dt;
  if (!node) return;
  if (node.callFrame.functionName !== '(idle)') {
    const bucket = Math.floor(at / 10_000);
    busyPer10s[bucket] = (busyPer10s[bucket] ?? 0) + dt;
  }
  if (at < fromMs || at > toMs) return;
  total += dt;
  const { url, functionName, lineNumber } = node.callFrame;
  const a = area(url, functionName);
  selfByArea.set(a, (selfByArea.get(a) ?? 0) + dt);
  const fn = `${functionName || '(anonymous)'} ${a}:${lineNumber + 1}`;
  selfByFn.set(fn, (selfByFn.get(fn) ?? 0) + dt);
});

const busy = total - (selfByArea.get('(idle)') ?? 0);
selfByArea.delete('(idle)');
for (const k of selfByFn.keys()) if (k.startsWith('(idle)')) selfByFn.delete(k);
const show = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
console.info(
  `busy ms per 10 s: ${Array.from(busyPer10s, (ms, k) => `${10 * k}s ${Math.round(ms ?? 0)}`).join(', ')}\n`,
);
console.info(`profile ${file}: ${total.toFixed(0)} ms, busy (not idle) ${busy.toFixed(0)} ms\n`);
console.info(`self time by area (% of busy):\n${show(selfByArea, 25)}\n`);
console.info(`top functions by self time:\n${show(selfByFn, Number(topArg ?? 30))}`);
