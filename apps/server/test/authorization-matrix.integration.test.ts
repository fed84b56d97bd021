import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from './harness.ts';
import { ACTORS, type Actor, buildWorld, CASES, type World } from './route-catalog.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// unique per run: the PostgreSQL suites share one database
const ADMIN_EMAIL = `matrix-admin-${Date.now().toString(36)}@example.org`;

// every route of the app, called as anonymous, a guest, the user who owns the resource, another
// registered user and an admin; the answer must be the one in the table. a route missing from the
// table fails the last test, so a new route cannot ship without deciding who may call it.

let smtp: SmtpPeer;
let t: TestServer;
let w: World;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startServer({
    env: { SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL, REGISTER_MAX_PER_IP: '1000' },
  });
  w = await buildWorld(t.url, smtp, ADMIN_EMAIL);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('authorisation matrix', () => {
  for (const c of CASES) {
    it(`${c.method} ${c.url}: ${JSON.stringify(c.expect)}`, async () => {
      const got: Partial<Record<Actor, number>> = {};
      for (const actor of ACTORS) {
        const r = c.request?.(w, actor) ?? {};
        const res = await api(t.url, c.method, r.path ?? c.url, {
          token: actor === 'anonymous' ? undefined : w.login[actor].token.accessToken,
          body: r.body,
          ...(r.form ? { form: r.form() } : {}),
        });
        got[actor] = res.status;
        // a password change ends the actor's other sessions and answers a new one: go on with it
        const answer = res.body as { token?: { accessToken?: string }; user?: { _id?: string } };
        if (
          actor !== 'anonymous' &&
          answer?.token?.accessToken &&
          answer.user?._id === w.login[actor].user._id
        ) {
          w.login[actor] = answer as World['login'][typeof actor];
        }
      }
      expect(got).toEqual(c.expect);
    });
  }

  it('covers every route the server has', () => {
    const covered = new Set(CASES.map((c) => `${c.method} ${c.url}`));
    // the api; the built web app's files are public by nature
    const apiRoutes = t.server.routes.filter((r) => /^\/(v1|api)\/|^\/health$/.test(r.url));
    const missing = apiRoutes.map((r) => `${r.method} ${r.url}`).filter((r) => !covered.has(r));
    expect(missing).toEqual([]);
  });
});
