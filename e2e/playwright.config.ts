import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

// the real server (built web app, embedded database in a fresh folder) driven by the system's
// chromium; never a downloaded browser. support/launcher.ts starts it together with a real SMTP
// server and a real OpenID Connect provider for the account flows
const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './specs',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // whole games in two browsers on a busy two-core machine: a second try in CI, never locally, so
  // a real failure still fails (twice) and a flaky one shows as flaky in the report
  retries: process.env.CI ? 1 : 0,
  // two spec files at a time against the one server; specs that match players pick different
  // difficulties so they never meet each other's players
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        // calls: a fake camera and microphone (a beeping tone), permission granted without a prompt
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    {
      // first, on a worker of its own beside the others: five games whose network breaks (3 to
      // 75 s) play side by side, mostly waiting; without a trace (the spec says why), which needs
      // a worker of its own, and last in the queue that meant a worker alone for its two minutes
      name: 'network-drop',
      testMatch: 'network-drop.spec.ts',
      use: { trace: 'off' },
    },
    { name: 'chromium', testIgnore: 'network-drop.spec.ts' },
  ],
  webServer: {
    command: 'node --conditions=source --import tsx support/launcher.ts',
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
  },
});
