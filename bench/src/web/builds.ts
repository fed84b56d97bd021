import path from 'node:path';

// what the web benchmarks share: the builds they compare, and the trace events they read

/** `--compare before=/a,after=/b` as [label, folder] pairs, or the one `--dist` build */
export function buildsToMeasure(compare: string | undefined, dist: string): [string, string][] {
  if (!compare) return [['build', path.resolve(dist)]];
  return compare.split(',').map((pair) => {
    const [label, dir] = pair.split('=');
    if (!label || !dir) throw new Error(`--compare wants label=/path pairs, got ${pair}`);
    return [label, path.resolve(dir)];
  });
}

/** a Chrome trace event, as Lighthouse and DevTools record them */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** the thread's cpu time in the event (µs): what a busy machine's other processes do not inflate */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string; documentLoaderURL?: string } };
}
