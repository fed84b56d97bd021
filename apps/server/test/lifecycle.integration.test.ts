import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { api, freshDataDir, guest, onPostgres, serverPool, startServer } from './harness.ts';

const start = serverPool();

describe('server lifecycle', () => {
  it('answers health, languages and config', async () => {
    const t = await start();
    const health = await api<{ status: string; database: string }>(t.url, 'GET', '/health');
    expect(health.body).toMatchObject({ status: 'ok', database: onPostgres ? 'postgres' : 'pglite' });
    const langs = await api<{ name: string; enabled: boolean }[]>(t.url, 'GET', '/v1/languages');
    expect(langs.body[0]).toEqual({ name: 'English', enabled: true });
    expect(langs.body.filter((l) => l.enabled)).toHaveLength(1);
    expect(langs.body.length).toBeGreaterThan(1);
    const cfg = await api<{ socialLogin: boolean }>(t.url, 'GET', '/v1/config');
    expect(cfg.body.socialLogin).toBe(false);
  });

  it.skipIf(onPostgres)(
    'refuses a second server on the same PGlite folder with a clear message',
    async () => {
      const dataDir = freshDataDir();
      const t = await start({ dataDir });
      const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
      await expect(buildServer(config)).rejects.toThrow(/in use by another SaySpell server/);
      await t.close();
      // once the first is gone, the folder can be opened again
      const again = await start({ dataDir });
      expect((await api(again.url, 'GET', '/health')).status).toBe(200);
    },
  );

  it('serves the web app with a fallback to index.html for its routes, and JSON 404s for the API', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>SaySpell</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const t = await start({ env: { WEB_DIST: dist } });
    for (const page of ['/', '/game', '/results/123', '/no/such/page']) {
      const res = await api(t.url, 'GET', page);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
    }
    const asset = await api(t.url, 'GET', '/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await api<{ statusCode: number; message: string }>(t.url, 'GET', '/v1/unknown');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('/v1/unknown');
  });

  it('finishes a request in flight when closing, then refuses new connections', async () => {
    const t = await start();
    // a slow answer (the speech engine held up on purpose) is surely in flight when the close begins
    const speak = t.server.tts.speak.bind(t.server.tts);
    t.server.tts.speak = async (...args) => {
      await new Promise((r) => setTimeout(r, 300));
      return speak(...args);
    };
    // a first request opens the keep-alive connection the slow one then uses
    await api(t.url, 'GET', '/health');
    const { token } = await guest(t.url);
    const inFlight = api(t.url, 'GET', '/v1/google/text-to-speech?text=graceful', {
      token: token.accessToken,
    });
    await new Promise((r) => setTimeout(r, 100));
    const closing = t.close();
    expect((await inFlight).status).toBe(200);
    await closing;
    await expect(fetch(`${t.url}/health`)).rejects.toThrow();
  });
});

describe('what the mobile apps ask at start', () => {
  it('answers the update and ads flags and the party date from configuration', async () => {
    const own = await startServer({
      env: { ANDROID_UPDATE: '8', IOS_UPDATE: '7', ANDROID_ADS_SHOW: 'true', PARTY_DATE: '2026-12-31' },
    });
    try {
      const update = await api(own.url, 'GET', '/v1/users/getUpdateReq');
      expect(update.body).toEqual({
        androidUpdate: 8,
        iosUpdate: 7,
        iosAdsshow: false,
        androidAdsshow: true,
      });
      const party = await api(own.url, 'GET', '/v1/users/getSelectedPartyDate');
      expect(party.body).toEqual({ partDate: '2026-12-31' });
    } finally {
      await own.close();
    }
  });
});
