import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '@sayspell/server/app';
import { loadConfig } from '@sayspell/server/config';
import { startSmtpPeer } from '../../apps/server/test/support/smtp-peer.ts';
import { median, writeResult } from './measure.ts';

// how long POST /v1/auth/forgot-password takes for an address with an account and for one without
// (issue 15 item 6: the answer must not tell them apart, by its words, its status, nor its time).
// the known address gets its mail through a real SMTP peer; the clock moves a throttle window on
// after each request so every known request really issues a link and sends a mail. requests
// alternate; medians and 90th percentiles are reported.
//
//   node --conditions=source --import tsx bench/src/forgot-password-timing.ts [RUNS=200]

const runs = Number(process.env.RUNS ?? 200);
const WINDOW_MS = 900_000;
let offset = 0;
const clock = { now: () => Date.now() + offset };
const smtp = await startSmtpPeer();
const server = await buildServer(
  loadConfig({
    ...process.env,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-bench-forgot-')),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
    SMTP_URL: smtp.url,
    LOGIN_WINDOW_SECONDS: String(WINDOW_MS / 1000),
    LOGIN_MAX_FAILURES_PER_IP: '100000000',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
  }),
  { clock },
);
const url = await server.listen();
const post = (p: string, body: object) =>
  fetch(`${url}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const email = `bench.${Date.now()}@example.org`;
await post('/v1/auth/register', {
  username: `bench${Date.now().toString(36)}`,
  email,
  password: 'correct horse 42',
});
const verify = await smtp.waitForMail(email);
const token = /\/email-verification\/([\w-]+)/.exec(verify.text)?.[1];
await post('/v1/auth/verify-email', { token });

async function timed(address: string): Promise<number> {
  const started = performance.now();
  const res = await post('/v1/auth/forgot-password', { email: address });
  await res.text();
  const ms = performance.now() - started;
  if (res.status !== 202) throw new Error(`forgot-password answered ${res.status}`);
  offset += WINDOW_MS;
  return ms;
}

// warm-up: argon2, the database's statements, the SMTP connection
for (let i = 0; i < 10; i++) {
  await timed(email);
  await timed(`nobody.${i}@example.org`);
}
const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < runs; i++) {
  // alternate which goes first, so a slow moment does not fall on one side only
  if (i % 2) {
    known.push(await timed(email));
    unknown.push(await timed(`nobody.${i}.${Date.now()}@example.org`));
  } else {
    unknown.push(await timed(`nobody.${i}.${Date.now()}@example.org`));
    known.push(await timed(email));
  }
}
// the last mails leave after their answers
await new Promise((r) => setTimeout(r, 1500));
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
const round = (x: number) => Math.round(x * 100) / 100;
const result = {
  runs,
  knownMs: { median: round(median(known)), p90: round(p90(known)) },
  unknownMs: { median: round(median(unknown)), p90: round(p90(unknown)) },
  medianDifferenceMs: round(median(known) - median(unknown)),
  mailsSent: smtp.mails.filter((m) => m.to.includes(email) && /Reset/.test(m.subject)).length,
};
console.info(JSON.stringify(result, null, 2));
console.info(`written to ${writeResult('forgot-password-timing', result)}`);
await server.close();
await smtp.close();
