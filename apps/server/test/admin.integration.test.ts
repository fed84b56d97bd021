import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../src/cli/admin.ts';
import { login, newAccount, registeredUser } from './accounts.ts';
import { api, freshDataDir, onPostgres, startServer } from './harness.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// unique per run: the PostgreSQL suites share one database
const ROOT_EMAIL = `root-${Date.now().toString(36)}@example.org`;

// admins: granted by configuration, by the command line or by another admin; they can remove an
// account, which then cannot sign in or refresh

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp?.close());

type AdminUser = { _id: string; username: string; role: string; removed: boolean };

describe('admin routes', () => {
  it('lists accounts, changes roles and removes and restores an account', async () => {
    const t = await startServer({ env: { SMTP_URL: smtp.url, ADMIN_EMAILS: ROOT_EMAIL } });
    try {
      const root = await registeredUser(t.url, smtp, { ...newAccount('root'), email: ROOT_EMAIL });
      const bob = await registeredUser(t.url, smtp, newAccount('bob'));
      const auth = { token: root.token.accessToken };

      const list = await api<{ users: AdminUser[] }>(
        t.url,
        'GET',
        `/v1/admin/users?query=${bob.account.username}`,
        auth,
      );
      expect(list.body.users).toEqual([
        expect.objectContaining({ _id: bob.user._id, role: 'user', removed: false }),
      ]);

      const promoted = await api<{ user: AdminUser }>(t.url, 'POST', `/v1/admin/users/${bob.user._id}/role`, {
        ...auth,
        body: { role: 'admin' },
      });
      expect(promoted.body.user.role).toBe('admin');
      // the new role arrives with the next token
      const refreshed = await api<LoginAnswer>(t.url, 'POST', '/v1/auth/refresh', {
        body: { refreshToken: bob.token.refreshToken },
      });
      expect(refreshed.body.user.role).toBe('admin');
      const bobAsAdmin = await api(t.url, 'GET', '/v1/admin/users', {
        token: refreshed.body.token.accessToken,
      });
      expect(bobAsAdmin.status).toBe(200);

      const selfDemote = await api<{ message: string }>(
        t.url,
        'POST',
        `/v1/admin/users/${root.user._id}/role`,
        {
          ...auth,
          body: { role: 'user' },
        },
      );
      expect(selfDemote.status).toBe(400);

      const removed = await api<{ user: AdminUser }>(
        t.url,
        'POST',
        `/v1/admin/users/${bob.user._id}/remove`,
        {
          ...auth,
          body: { removed: true },
        },
      );
      expect(removed.body.user.removed).toBe(true);
      const denied = await login(t.url, bob.account.username, bob.account.password);
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('ACCOUNT_REMOVED');
      const noRefresh = await api(t.url, 'POST', '/v1/auth/refresh', {
        body: { refreshToken: refreshed.body.token.refreshToken },
      });
      expect(noRefresh.status).toBe(401);

      await api(t.url, 'POST', `/v1/admin/users/${bob.user._id}/remove`, {
        ...auth,
        body: { removed: false },
      });
      expect((await login(t.url, bob.account.username, bob.account.password)).status).toBe(200);

      const unknown = await api(
        t.url,
        'POST',
        '/v1/admin/users/00000000-0000-4000-8000-000000000000/remove',
        {
          ...auth,
          body: { removed: true },
        },
      );
      expect(unknown.status).toBe(404);
      const bad = await api(t.url, 'POST', `/v1/admin/users/${bob.user._id}/role`, {
        ...auth,
        body: { role: 'guest' },
      });
      expect(bad.status).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(onPostgres)('the admin command line', () => {
  it('grants the admin role on the same database, with the server stopped', async () => {
    const dataDir = freshDataDir();
    const a = newAccount('cli');
    let t = await startServer({ dataDir, env: { SMTP_URL: smtp.url } });
    try {
      await registeredUser(t.url, smtp, a);
      // the embedded database belongs to the running server
      await expect(runAdminCli(['grant', a.email], { DATA_DIR: dataDir })).rejects.toThrow(
        /data folder .* is in use/,
      );
    } finally {
      await t.close();
    }
    expect(await runAdminCli(['grant', a.email], { DATA_DIR: dataDir })).toMatchObject({ code: 0 });
    expect((await runAdminCli(['list', a.username], { DATA_DIR: dataDir })).out).toMatch(
      new RegExp(`^admin +${a.username}`),
    );
    expect(await runAdminCli(['grant', 'nobody-at-all'], { DATA_DIR: dataDir })).toMatchObject({ code: 1 });
    expect(await runAdminCli(['frobnicate'], { DATA_DIR: dataDir })).toMatchObject({ code: 2 });

    t = await startServer({ dataDir, env: { SMTP_URL: smtp.url } });
    try {
      const res = await login(t.url, a.username, a.password);
      expect(res.body.user.role).toBe('admin');
    } finally {
      await t.close();
    }
  });
});
