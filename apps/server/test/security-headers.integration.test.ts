import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { serverPool } from './harness.ts';

// https-only headers (HSTS, the CSP's upgrade-insecure-requests) only when the browser reached us
// over https through a trusted TLS-terminating proxy; over plain http they blanked the page for a
// phone on the LAN (the browser fetched the scripts over https, which this server does not speak)

const start = serverPool();

/** GET /health with these headers (node:http: fetch will not send a Host of our choosing) */
function headersOf(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ hsts: string | null; csp: string }>((resolve, reject) => {
    http
      .get(`${url}/health`, { headers }, (res) => {
        res.resume();
        const hsts = res.headers['strict-transport-security'];
        resolve({ hsts: hsts ?? null, csp: String(res.headers['content-security-policy'] ?? '') });
      })
      .on('error', reject);
  });
}

/** the status and every header of an answer to GET `path` */
function answerTo(url: string, path: string) {
  return new Promise<{ status?: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(`${url}${path}`, (res) => {
        res.resume();
        resolve({ status: res.statusCode, headers: res.headers });
      })
      .on('error', reject);
  });
}

describe('security headers', () => {
  it("helmet's whole set, worked out once, on api answers, errors and the app's pages alike", async () => {
    const t = await start();
    // a route that throws (no token: 401) as well as the not-found handler and the pages
    const answers = new Map<string, number | undefined>();
    for (const path of ['/health', '/v1/no-such-route', '/v1/game/not-a-game', '/', '/game']) {
      const { status, headers: h } = await answerTo(t.url, path);
      answers.set(path, status);
      expect(h['x-content-type-options'], path).toBe('nosniff');
      expect(h['x-frame-options'], path).toBe('SAMEORIGIN');
      expect(h['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(h['cross-origin-resource-policy'], path).toBe('same-origin');
      expect(h['referrer-policy'], path).toBe('no-referrer');
      expect(h['origin-agent-cluster'], path).toBe('?1');
      expect(h['x-dns-prefetch-control'], path).toBe('off');
      expect(h['content-security-policy'], path).toContain("media-src 'self' blob: data:");
      expect(h['content-security-policy'], path).toContain("img-src 'self' data: blob:");
      expect(h['strict-transport-security'], path).toBeUndefined();
    }
    // the answers came from a handler, the error path and the not-found path alike
    expect(answers.get('/health')).toBe(200);
    expect(answers.get('/v1/game/not-a-game')).toBe(401);
    expect(answers.get('/v1/no-such-route')).toBe(404);
  });

  it('over plain http: no HSTS and no upgrade-insecure-requests, whatever a client claims', async () => {
    const t = await start();
    const claims: Record<string, string>[] = [
      {},
      { host: '192.168.1.20:3000' },
      { 'x-forwarded-proto': 'https' },
    ];
    for (const headers of claims) {
      const h = await headersOf(t.url, headers);
      expect(h.hsts).toBeNull();
      expect(h.csp).toContain("default-src 'self'");
      expect(h.csp).not.toContain('upgrade-insecure-requests');
    }
  });

  it('behind a trusted proxy: HSTS and upgrades only for what came over https', async () => {
    const t = await start({ env: { TRUST_PROXY: 'true' } });
    const secure = await headersOf(t.url, { 'x-forwarded-proto': 'https' });
    expect(secure.hsts).toMatch(/^max-age=\d{7,}/);
    expect(secure.csp).toContain('upgrade-insecure-requests');
    // the same proxy passing plain http on
    const plain = await headersOf(t.url, { 'x-forwarded-proto': 'http' });
    expect(plain.hsts).toBeNull();
    expect(plain.csp).not.toContain('upgrade-insecure-requests');
  });

  it('behind a trusted proxy that does not say the scheme: the https PUBLIC_URL names its host', async () => {
    const t = await start({ env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://play.example.org' } });
    const proxied = await headersOf(t.url, { host: 'play.example.org' });
    expect(proxied.hsts).toMatch(/^max-age=/);
    expect(proxied.csp).toContain('upgrade-insecure-requests');
    // a phone on the LAN opening the server directly is still served plain http
    const lan = await headersOf(t.url, { host: '192.168.1.20:3000' });
    expect(lan.hsts).toBeNull();
    expect(lan.csp).not.toContain('upgrade-insecure-requests');
  });

  it('without TRUST_PROXY an https PUBLIC_URL alone turns nothing on', async () => {
    const t = await start({ env: { PUBLIC_URL: 'https://play.example.org' } });
    const h = await headersOf(t.url, { host: 'play.example.org', 'x-forwarded-proto': 'https' });
    expect(h.hsts).toBeNull();
    expect(h.csp).not.toContain('upgrade-insecure-requests');
  });
});
