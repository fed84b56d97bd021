import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * a worker thread running the module `name` (no extension) beside `from` (the caller's
 * import.meta.url): its `.ts` source under tsx, its `.js` once built. Node 20 workers do not
 * inherit the tsx loader from `--import tsx`, so the worker registers it itself
 */
export function spawnWorker(from: string, name: string, options: WorkerOptions = {}): Worker {
  const entry = new URL(`./${name}${from.endsWith('.ts') ? '.ts' : '.js'}`, from);
  if (entry.pathname.endsWith('.js')) return new Worker(entry, { name, ...options });
  const tsx = tsxApi();
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true, name, ...options });
}

function tsxApi(): string {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    // vite's module runner (the tests' global set-up) has no import.meta.resolve
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'));
    return new URL('dist/esm/api/index.mjs', tsx).href;
  }
}
