// what a browser asks the server for when it opens the web app: the page, every file the page names
// (scripts, module preloads, styles, icons, the web manifest), then the service worker, the workbox
// runtime it imports and everything its precache manifest lists (as workbox asks: revisioned
// entries with ?__WB_REVISION__=). every answer is counted by status, so a test can say "no 429".

export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const CONNECTIONS_PER_HOST = 6;

export class Traffic {
  readonly statuses = new Map<number, number>();
  readonly failures: string[] = [];

  count(status: number, what: string) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status >= 400) this.failures.push(`${status} ${what}`);
  }

  get requests() {
    return [...this.statuses.values()].reduce((a, b) => a + b, 0);
  }

  /** GETs of many files, at most six at a time: a browser's connections per host */
  async getAll(urls: string[]) {
    const queue = [...urls];
    const lane = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) await this.get(url);
    };
    await Promise.all(Array.from({ length: CONNECTIONS_PER_HOST }, lane));
  }

  /** a GET read to its end, as a browser would (fetch decodes br and gzip) */
  async get(url: string, headers: Record<string, string> = {}) {
    const res = await fetch(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers } });
    const body = await res.text();
    this.count(res.status, `GET ${new URL(url).pathname}`);
    return { status: res.status, body };
  }
}

/** the files a page names: scripts, module preloads, stylesheets, icons, the manifest */
export function filesOfPage(html: string): string[] {
  const found = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set(found.filter((u) => u.startsWith('/')))];
}

/** the service worker's precache list (workbox: precacheAndRoute([{url:"…",revision:"…"|null},…])) */
export function precacheOf(sw: string): { url: string; revision: string | null }[] {
  return [...sw.matchAll(/\{url:"([^"]+)",revision:(?:"([^"]*)"|null)\}/g)].map((m) => ({
    url: m[1]!,
    revision: m[2] ?? null,
  }));
}

/** the scripts the service worker imports (workbox's define(["./workbox-…"], …)) */
export function importsOfWorker(sw: string): string[] {
  const m = sw.match(/define\(\[([^\]]*)\]/);
  if (!m) return [];
  return [...m[1]!.matchAll(/"\.\/([^"]+)"/g)].map((x) => `/${x[1]}.js`);
}

/** a first visit: the page and its files, then the service worker installs and precaches */
export async function firstVisit(base: string, traffic: Traffic, pathname = '/') {
  const page = await traffic.get(`${base}${pathname}`);
  const files = filesOfPage(page.body);
  await traffic.getAll(files.map((f) => `${base}${f}`));
  const manifest = await traffic.get(`${base}/manifest.webmanifest`);
  if (manifest.status === 200) {
    const icons = (JSON.parse(manifest.body) as { icons?: { src: string }[] }).icons ?? [];
    await traffic.getAll(icons.map((i) => `${base}${i.src}`));
  }
  const sw = await traffic.get(`${base}/sw.js`);
  if (sw.status !== 200) return { files: files.length, precached: 0 };
  await traffic.getAll(importsOfWorker(sw.body).map((f) => `${base}${f}`));
  const entries = precacheOf(sw.body);
  await traffic.getAll(
    entries.map((e) => `${base}/${e.url}${e.revision ? `?__WB_REVISION__=${e.revision}` : ''}`),
  );
  return { files: files.length, precached: entries.length };
}

/** a reload: the page is asked again, its files come from the http cache as long as they are fresh */
export async function reload(base: string, traffic: Traffic, pathname = '/') {
  const page = await traffic.get(`${base}${pathname}`);
  await traffic.get(`${base}/sw.js`);
  return page.status;
}
