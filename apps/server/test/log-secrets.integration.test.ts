import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type SaySpellServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { api, freshDataDir } from './harness.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// a failed query is logged without its parameters: a registration that fails in the database
// must not write the e-mail or the password hash into the log (PGlite and PostgreSQL)

let smtp: SmtpPeer;
let server: SaySpellServer;
let url: string;
const log: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: freshDataDir(),
    DATABASE_URL: process.env.SAYSPELL_TEST_DATABASE_URL ?? '',
    REDIS_URL: process.env.SAYSPELL_TEST_REDIS_URL ?? '',
    REDIS_PREFIX: `test-${randomUUID().slice(0, 8)}`,
    SMTP_URL: smtp.url,
    REGISTER_MAX_PER_IP: '100000',
    TTS_PROVIDER: 'auto',
  });
  const capture = new Writable({
    write(chunk, _encoding, done) {
      log.push(String(chunk));
      done();
    },
  });
  server = await buildServer(config, { logger: pino({ level: 'info' }, capture) });
  url = await server.listen();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('the log after a failed query', () => {
  it('names the statement and the database error, never the values', async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `planted-${tag}@example.org`;
    const password = `planted password ${tag}`;
    const constraint = `log_secrets_${tag}`;
    // the database refuses this one row, after the service checked everything it knows of
    await server.database.db.execute(
      `alter table users add constraint ${constraint} check (email is null or email <> '${email}')` as never,
    );
    try {
      const res = await api(url, 'POST', '/v1/auth/register', {
        body: { username: `planted${tag}`, email, password },
      });
      expect(res.status).toBe(500);
      await expect.poll(() => log.join('').includes('request failed')).toBe(true);
    } finally {
      await server.database.db.execute(`alter table users drop constraint ${constraint}` as never);
    }
    const written = log.join('');
    expect(written).toContain('Failed query: insert into');
    expect(written).toContain(constraint);
    expect(written).not.toContain(email);
    expect(written).not.toContain('$argon2');
    expect(written).not.toContain(password);
  });
});
