import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { GameView } from '@sayspell/core/protocol/game';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/http/compression.ts';
import {
  api,
  ask,
  guest,
  serverPool,
  socketFor,
  soloGameBody,
  type TestServer,
  testClock,
} from './harness.ts';

// what goes over the wire to a browser: the build's precompressed copies (x.js.br, x.js.gz) with the
// matching Content-Encoding, bytes the browser decodes back to the file, identity when it accepts
// neither; json answers above a threshold compressed on the fly, small ones left alone

const start = serverPool();
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-dist-'));
const ENTRY = 'assets/index-Ab12Cd34.js';
const LAZY = 'assets/lazy-Ef56Gh78.js';
// javascript-like text of a realistic size (a module of this repository's dependencies)
const source = fs.readFileSync(path.join(import.meta.dirname, '../../../node_modules/fastify/fastify.js'));
let t: TestServer;
const clock = testClock();

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>SaySpell</title><script type="module" src="/${ENTRY}"></script><div id="root"></div>`,
  );
  // as the build writes them: brotli and gzip at their highest levels, beside the file
  fs.writeFileSync(path.join(dist, ENTRY), source);
  fs.writeFileSync(path.join(dist, `${ENTRY}.br`), zlib.brotliCompressSync(source));
  fs.writeFileSync(path.join(dist, `${ENTRY}.gz`), zlib.gzipSync(source, { level: 9 }));
  // a file the build left without copies
  fs.writeFileSync(path.join(dist, LAZY), source);
  t = await start({ env: { WEB_DIST: dist }, clock });
});

/** the raw answer, as it crossed the wire (fetch would decode it) */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

describe('compressed answers', () => {
  it('sends the entry chunk precompressed in the encoding the browser asks for', async () => {
    for (const [accept, encoding, copy] of [
      ['br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      // what Chromium sends: brotli is chosen
      ['gzip, deflate, br, zstd', 'br', '.br'],
    ] as const) {
      const res = await rawGet(`${t.url}/${ENTRY}`, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toContain('immutable');
      // the build's copy, not compressed again on the fly, and a browser decodes it to the file
      expect(res.body.equals(fs.readFileSync(path.join(dist, ENTRY + copy)))).toBe(true);
      expect(decode[encoding](res.body).equals(source)).toBe(true);
      expect(res.body.length).toBeLessThan(source.length / 3);
    }
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await rawGet(`${t.url}/${ENTRY}`, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.equals(source)).toBe(true);
    }
  });

  it('compresses a file without a precompressed copy on the fly', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await rawGet(`${t.url}/${LAZY}`, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decode[encoding](res.body).equals(source)).toBe(true);
    }
  });

  it('compresses json answers above the threshold, and leaves small ones alone', async () => {
    // a finished game, as the results page reads it (every word with its definition)
    const { token, user } = await guest(t.url);
    const game = await api<GameView>(t.url, 'POST', '/v1/game', {
      token: token.accessToken,
      body: soloGameBody(user._id),
    });
    const socket = await socketFor(t.url, token.accessToken);
    await ask(socket, 'initiate-handshake', { gameId: game.body._id });
    clock.advance(5000);
    for (let index = 0; index < 10; index++)
      await ask(socket, 'guess-word', { gameId: game.body._id, index, guess: 'zzqx' });
    socket.disconnect();
    const large = await rawGet(`${t.url}/v1/game/${game.body._id}`, {
      'accept-encoding': 'gzip, deflate, br',
      authorization: `Bearer ${token.accessToken}`,
    });
    expect(large.headers['content-encoding']).toBe('br');
    const json = decode.br(large.body);
    expect(json.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(json.toString('utf8'))).toMatchObject({ data: { _id: game.body._id, finished: true } });

    const small = await rawGet(`${t.url}/health`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toMatchObject({ status: 'ok' });
  });
});
