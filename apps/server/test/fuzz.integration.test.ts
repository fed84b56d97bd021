import { socialEventSchemas } from '@sayspell/core/protocol/social';
import { clientEventSchemas } from '@sayspell/core/protocol/socket';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows-of.ts';
import { api, type ClientSocket, guest, socketFor, startServer, type TestServer } from './harness.ts';
import { type Actor, buildWorld, CASES, type World } from './route-catalog.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// unique per run: the PostgreSQL suites share one database
const ADMIN_EMAIL = `fuzz-admin-${Date.now().toString(36)}@example.org`;

// every REST route and every socket event driven with generated valid, invalid and hostile
// payloads: never a 5xx, never a crash or an unhandled rejection (vitest fails on those), and a
// rejected request changes nothing in the database. FUZZ_RUNS sets the runs per route (default 6).

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

let smtp: SmtpPeer;
let t: TestServer;
let w: World;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startServer({
    env: {
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      REGISTER_MAX_PER_IP: '100000',
      LOGIN_MAX_FAILURES: '100000',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      // nothing deleted in the background while the digests are compared
      DISCONNECT_GRACE_MS: '600000',
    },
  });
  w = await buildWorld(t.url, smtp, ADMIN_EMAIL);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** what a row is made of, where part of it moves on its own tick: a game's lease is renewed every second */
const ROW: Record<string, string> = { game_leases: `t.game_id::text || t.owner || t.epoch::text` };

/** the one statement that fingerprints every table, made once: the tables do not change in a run */
let digestStatement: ReturnType<typeof sql.raw> | undefined;

/**
 * a fingerprint of every table; failed sign-ins are counted on purpose, so that table is left out,
 * and so are the instances' heartbeat in server_meta and the leases' expiry (each moves on its own
 * tick, not per request). one statement for all the tables: a run takes two fingerprints, and a
 * statement per table (~35 trips to the database's thread each) was most of this file's time
 */
async function digest(): Promise<string> {
  const db = t.server.database.db;
  if (!digestStatement) {
    const tables = await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const names = rowsOf<{ table_name: string }>(tables)
      .map((r) => r.table_name)
      .filter((name) => name !== 'auth_throttle');
    const one = (name: string) =>
      `select '${name}' as name, (select count(*)::text || ':' || coalesce(md5(string_agg(x, ',' order by x)), '') from (select ${ROW[name] ?? 't::text'} as x from "${name}" t${name === 'server_meta' ? ` where t.name not like 'alive-at:%'` : ''}) s) as d`;
    digestStatement = sql.raw(`select name, d from (${names.map(one).join(' union all ')}) u order by name`);
  }
  const res = await db.execute(digestStatement);
  return rowsOf<{ name: string; d: string }>(res)
    .map((r) => `${r.name}=${r.d}`)
    .join(' ');
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    "' or 1=1 --",
    '"; drop table users; --',
    '../../../../etc/passwd',
    '<script>alert(1)</script>',
    '$' + '{7*7}',
    '%00',
    '__proto__',
    'constructor',
    '\u202e\u0301',
    '00000000-0000-0000-0000-000000000000',
    'category_../../x',
  ),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** a valid body with one field changed, dropped or added, or something else entirely */
function mutated(valid: unknown): fc.Arbitrary<{ body?: unknown; raw?: string }> {
  const whole = fc.oneof(
    fc.anything().map((body) => ({ body })),
    fc.constantFrom(
      { raw: '{' },
      { raw: '{"__proto__": {"role": "admin"}}' },
      { raw: '{"constructor": {"prototype": {"x": 1}}}' },
      { raw: 'null' },
      { raw: '[]' },
      { raw: '"text"' },
      { raw: `{"a":${'['.repeat(5000)}}` },
    ),
  );
  if (typeof valid !== 'object' || valid === null || Array.isArray(valid)) return whole;
  const keys = Object.keys(valid);
  if (keys.length === 0) {
    return fc.oneof(
      whole,
      fc
        .record({ key: hostileString, value: hostileValue })
        .map(({ key, value }) => ({ body: { [key]: value } })),
    );
  }
  const edits = fc.oneof(
    fc.record({ key: fc.constantFrom(...keys), value: hostileValue }).map(({ key, value }) => ({
      body: { ...valid, [key]: value },
    })),
    fc.constantFrom(...keys).map((key) => {
      const { [key]: _, ...rest } = valid as Record<string, unknown>;
      return { body: rest };
    }),
    fc
      .record({ key: hostileString, value: hostileValue })
      .map(({ key, value }) => ({ body: { ...valid, [key]: value } })),
  );
  return fc.oneof(edits, edits, whole);
}

function hostilePath(url: string, valid: string | undefined): fc.Arbitrary<string> {
  const params = url.match(/:[a-z]+/gi) ?? [];
  const base = valid ?? url;
  if (params.length === 0) {
    return fc.oneof(
      fc.constant(base),
      fc
        .dictionary(hostileString, hostileString, { maxKeys: 3 })
        .map((q) => `${base.split('?')[0]}?${new URLSearchParams(q)}`),
    );
  }
  return fc.array(hostileString, { minLength: params.length, maxLength: params.length }).map((values) => {
    let path = url;
    params.forEach((p, i) => {
      path = path.replace(p, encodeURIComponent(values[i] ?? ''));
    });
    return path;
  });
}

const ACTORS_FOR_FUZZ: Actor[] = ['anonymous', 'guest', 'user', 'admin'];

describe('fuzzed REST', () => {
  // deleting the owner's account on a lucky valid body would only end the fuzzing early
  const cases = CASES.filter((c) => !(c.method === 'DELETE' && c.url === '/v1/users/profile'));
  for (const c of cases) {
    it(`${c.method} ${c.url}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ACTORS_FOR_FUZZ),
          fc.boolean(),
          fc.nat(),
          async (actor, mutate, pick) => {
            // a GET has no body: its path and query are what gets mutated
            const mutateBody = mutate && c.method !== 'GET';
            const valid = c.request?.(w, actor) ?? {};
            const path = await fc.sample(hostilePath(c.url, valid.path), { numRuns: 1, seed: pick })[0];
            const payload = mutateBody
              ? fc.sample(mutated(valid.body), { numRuns: 1, seed: pick })[0]
              : { body: valid.body };
            const before = await digest();
            const res = await api(t.url, c.method, mutateBody ? (valid.path ?? c.url) : (path ?? c.url), {
              token: actor === 'anonymous' ? undefined : w.login[actor].token.accessToken,
              ...(payload?.raw !== undefined
                ? { rawBody: payload.raw, headers: { 'content-type': 'application/json' } }
                : { body: payload?.body }),
            });
            expect(res.status, `${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
            if (res.status >= 400) expect(await digest()).toBe(before);
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    });
  }
});

describe('fuzzed socket events', () => {
  const events = [...Object.keys(clientEventSchemas), ...Object.keys(socialEventSchemas), 'no-such-event'];
  it('answers every event with an acknowledgement, never an internal error, and stays up', async () => {
    // a session of its own: the REST fuzzing may have ended the catalogue players' sessions
    // (log-out, a password change), and an ended session is refused at the socket's door
    const socket: ClientSocket = await socketFor(t.url, (await guest(t.url)).token.accessToken);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...events),
          fc.oneof(fc.anything(), hostileValue),
          async (event, payload) => {
            const before = await digest();
            const ack = await new Promise<unknown>((resolve) => {
              const timer = setTimeout(() => resolve('no answer'), 2000);
              (socket as unknown as { emit(e: string, p: unknown, cb: (a: unknown) => void): void }).emit(
                event,
                payload,
                (a: unknown) => {
                  clearTimeout(timer);
                  resolve(a);
                },
              );
            });
            if (event === 'no-such-event') expect(ack).toBe('no answer');
            else {
              expect(ack).toMatchObject({ ok: expect.any(Boolean) });
              const a = ack as { ok: boolean; error?: { code: string } };
              expect(a.error?.code).not.toBe('INTERNAL');
              if (!a.ok) expect(await digest()).toBe(before);
            }
            expect(socket.connected).toBe(true);
          },
        ),
        { numRuns: RUNS * 10, seed: SEED },
      );
    } finally {
      socket.disconnect();
    }
    // each event fingerprints every table before and after: slow on a busy machine, not stuck
  }, 180_000);
});
