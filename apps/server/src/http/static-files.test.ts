import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppRoutes } from '../routes/web-app-routes.ts';

// the web app's files from memory: what a browser gets, and what nobody may get

let dist: string;
let app: FastifyInstance;
const JS = 'export const words = ["apple", "banana"];\n'.repeat(60);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-static-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'a-Hash1.js'), JS);
  fs.writeFileSync(path.join(dist, 'assets', 'a-Hash1.js.br'), zlib.brotliCompressSync(JS));
  fs.writeFileSync(path.join(dist, 'assets', 'small-Hash2.js'), 'export {};\n');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  fs.writeFileSync(path.join(dist, '.env'), 'SECRET=1\n');
  fs.writeFileSync(path.join(os.tmpdir(), 'sayspell-outside.js'), 'outside\n');
  app = Fastify();
  await webAppRoutes(app, { webDist: dist });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the web app’s files', () => {
  it('sends the brotli twin to a browser that takes it, gzip made once for one that takes only gzip', async () => {
    const br = await get('/assets/a-Hash1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await get('/assets/a-Hash1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get('/assets/a-Hash1.js', { 'accept-encoding': 'br;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('leaves a small file as it is', async () => {
    const res = await get('/assets/small-Hash2.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('answers 304 when the browser’s copy is current, by ETag or by date', async () => {
    const first = await get('/sw.js');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await get('/sw.js', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const byDate = await get('/sw.js', { 'if-modified-since': String(first.headers['last-modified']) });
    expect(byDate.statusCode).toBe(304);
    const stale = await get('/sw.js', { 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({
      method: 'HEAD',
      url: '/assets/a-Hash1.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });

  it('finds a file written after the server started (a new build)', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'later-Hash3.js'), 'export const later = 1;\n');
    const res = await get('/assets/later-Hash3.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export const later = 1;\n');
  });

  it('never sends what is outside the folder, a dotfile or a twin by its own name: the app’s page instead', async () => {
    for (const url of [
      '/../sayspell-outside.js',
      '/assets/..%2f..%2fsayspell-outside.js',
      '/%2e%2e/sayspell-outside.js',
      '/.env',
      '/assets/a-Hash1.js.br',
      '/assets/%00.js',
      '/assets',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
    // a malformed escape is refused before it gets here, as a bad request
    expect((await get('/assets/%E0%A4%A.js')).statusCode).toBe(400);
  });

  it('answers the api’s unknown paths and other methods with a json 404', async () => {
    const api = await get('/v1/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404 });
    const post = await app.inject({ method: 'POST', url: '/assets/a-Hash1.js' });
    expect(post.statusCode).toBe(404);
  });
});
