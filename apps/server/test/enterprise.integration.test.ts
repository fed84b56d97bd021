import type { EnterpriseAnswer, EnterpriseListAnswer } from '@sayspell/core/protocol/enterprise';
import type { GameView } from '@sayspell/core/protocol/game';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../src/cli/admin.ts';
import { games, users } from '../src/db/schema.ts';
import { NEEDS_CONSENT } from '../src/games/game-service.ts';
import { newAccount, registeredUser } from './accounts.ts';
import {
  api,
  ask,
  confirmEula,
  freshDataDir,
  guest,
  nextEvent,
  onPostgres,
  socketFor,
  startServer,
  type TestServer,
} from './harness.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';

// enterprises (§6, §7): admins manage them; members see their topics and play games of their words

const RUN = Date.now().toString(36);
const ADMIN_EMAIL = `ent-admin-${RUN}@example.org`;
const SAFETY = [
  'helmet',
  'glove',
  'ladder',
  'alarm',
  'exit',
  'fire',
  'smoke',
  'water',
  'boot',
  'mask',
  'rope',
  'light',
];

let smtp: SmtpPeer;
let t: TestServer;
type Login = Awaited<ReturnType<typeof registeredUser>>;
let admin: Login;
let ada: Login;
let bob: Login;
let eve: Login;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startServer({ env: { SMTP_URL: smtp.url, ADMIN_EMAILS: ADMIN_EMAIL } });
  [admin, ada, bob, eve] = await Promise.all([
    registeredUser(t.url, smtp, { ...newAccount('entadmin'), email: ADMIN_EMAIL }),
    registeredUser(t.url, smtp, newAccount('ada')),
    registeredUser(t.url, smtp, newAccount('bob')),
    registeredUser(t.url, smtp, newAccount('eve')),
  ]);
}, 30_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const as = (who: Login, body?: unknown) => ({ token: who.token.accessToken, body });

describe('enterprise administration', () => {
  let id: string;
  const name = `Acme ${RUN}`;

  it('creates an enterprise, refuses a second of the same name in any case', async () => {
    const res = await api<EnterpriseAnswer>(t.url, 'POST', '/v1/admin/enterprises', as(admin, { name }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ name, members: [], topics: [] });
    id = res.body.data._id;
    const again = await api(t.url, 'POST', '/v1/admin/enterprises', as(admin, { name: name.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.text).toContain('already an enterprise');
    const bad = await api(t.url, 'POST', '/v1/admin/enterprises', as(admin, { name: '' }));
    expect(bad.status).toBe(400);
  });

  it('adds members by e-mail or username, refuses unknown accounts and guests', async () => {
    const byEmail = await api<EnterpriseAnswer>(
      t.url,
      'POST',
      `/v1/admin/enterprises/${id}/members`,
      as(admin, { user: ada.account.email }),
    );
    expect(byEmail.status, byEmail.text).toBe(200);
    const byName = await api<EnterpriseAnswer>(
      t.url,
      'POST',
      `/v1/admin/enterprises/${id}/members`,
      as(admin, { user: bob.account.username.toUpperCase() }),
    );
    expect(byName.body.data.members.map((m) => m._id).sort()).toEqual([ada.user._id, bob.user._id].sort());
    expect(byName.body.data.members).toContainEqual({
      _id: ada.user._id,
      username: ada.account.username,
      email: ada.account.email,
    });
    const nobody = await api(
      t.url,
      'POST',
      `/v1/admin/enterprises/${id}/members`,
      as(admin, { user: 'nobody-x' }),
    );
    expect(nobody.status).toBe(404);
    const g = await guest(t.url);
    const asGuest = await api(
      t.url,
      'POST',
      `/v1/admin/enterprises/${id}/members`,
      as(admin, { user: g.user.username }),
    );
    expect(asGuest.status).toBe(400);
    const noSuch = await api(
      t.url,
      'POST',
      '/v1/admin/enterprises/00000000-0000-4000-8000-000000000009/members',
      as(admin, { user: ada.account.email }),
    );
    expect(noSuch.status).toBe(404);
  });

  it('saves a topic whose words are all in the dictionary, and names the unknown ones', async () => {
    const unknown = await api<{ message: string }>(
      t.url,
      'POST',
      `/v1/admin/enterprises/${id}/topics`,
      as(admin, { name: 'Site Safety', words: [...SAFETY, 'blorfwx', 'Zzqxv'] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('These words are not in the dictionary: blorfwx, zzqxv.');
    const empty = await api(
      t.url,
      'POST',
      `/v1/admin/enterprises/${id}/topics`,
      as(admin, { name: 'X1', words: [] }),
    );
    expect(empty.status).toBe(400);
    const ok = await api<EnterpriseAnswer>(
      t.url,
      'POST',
      `/v1/admin/enterprises/${id}/topics`,
      as(admin, { name: 'Site Safety', words: [...SAFETY, ' Helmet '] }),
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.topics).toEqual([
      { _id: expect.any(String), name: 'Site Safety', words: SAFETY, difficulty: null },
    ]);
    const dup = await api(
      t.url,
      'POST',
      `/v1/admin/enterprises/${id}/topics`,
      as(admin, { name: 'site safety', words: ['cat'] }),
    );
    expect(dup.status).toBe(409);
    const list = await api<EnterpriseListAnswer>(t.url, 'GET', '/v1/admin/enterprises', as(admin));
    expect(list.body.data.find((e) => e._id === id)?.topics[0]?.words).toEqual(SAFETY);
  });

  it('gives members their unique topic names; others and guests get none', async () => {
    // a second enterprise with a topic of the same name: listed once
    const other = await api<EnterpriseAnswer>(
      t.url,
      'POST',
      '/v1/admin/enterprises',
      as(admin, { name: `Other ${RUN}` }),
    );
    const oid = other.body.data._id;
    await api(
      t.url,
      'POST',
      `/v1/admin/enterprises/${oid}/members`,
      as(admin, { user: ada.account.username }),
    );
    for (const topic of ['site safety', 'Kitchen']) {
      const r = await api(
        t.url,
        'POST',
        `/v1/admin/enterprises/${oid}/topics`,
        as(admin, { name: topic, words: ['cat', 'dog'], difficulty: 'advanced' }),
      );
      expect(r.status, r.text).toBe(200);
    }
    const topics = (who: { token: { accessToken: string } }, body?: unknown) =>
      api<{ uniqueTopics: string[] }>(t.url, 'POST', '/v1/enterprise/fetchAssignedEnterpriseTopics', {
        token: who.token.accessToken,
        body,
      });
    expect((await topics(ada)).body).toEqual({ uniqueTopics: ['Kitchen', 'Site Safety'] });
    expect((await topics(bob, {})).body).toEqual({ uniqueTopics: ['Site Safety'] });
    expect((await topics(eve)).body).toEqual({ uniqueTopics: [] });
    expect((await topics(await guest(t.url))).body).toEqual({ uniqueTopics: [] });
    expect((await topics(ada, { extra: 1 })).status).toBe(400);
    const anonymous = await api(t.url, 'POST', '/v1/enterprise/fetchAssignedEnterpriseTopics');
    expect(anonymous.status).toBe(401);

    const del = await api(t.url, 'DELETE', `/v1/admin/enterprises/${oid}`, as(admin));
    expect(del.status).toBe(200);
    expect((await topics(ada)).body).toEqual({ uniqueTopics: ['Site Safety'] });
    expect((await api(t.url, 'DELETE', `/v1/admin/enterprises/${oid}`, as(admin))).status).toBe(404);
  });

  it('makes a solo enterprise game of the topic words with the spec defaults', async () => {
    await t.server.database.db.update(users).set({ gameTimer: 75 }).where(eq(users.id, ada.user._id));
    const res = await api<GameView>(
      t.url,
      'POST',
      '/v1/enterprise/CreateEnterpriseGame',
      as(ada, { enterPriseCategory: 'site safety', userId: ada.user._id }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ solo: true, difficulty: 'beginner', gameTimer: '75' });
    const [row] = await t.server.database.db.select().from(games).where(eq(games.id, res.body._id));
    expect(row?.category).toBe('category_enterprise');
    expect(row?.words).toHaveLength(10);
    for (const w of row!.words) {
      expect(SAFETY).toContain(w.word);
      expect(w.category).toBe('Site Safety');
    }
    // the words are not in the speller's view
    expect(JSON.stringify(res.body)).not.toContain('"helmet"');
  });

  it('refuses a partner named over REST (they join by invite), and honours difficulty and timer', async () => {
    const res = await api<{ message: string }>(
      t.url,
      'POST',
      '/v1/enterprise/CreateEnterpriseGame',
      as(ada, {
        enterPriseCategory: 'Site Safety',
        userId: bob.user._id,
        speakerId: ada.user._id,
        gametimer: '120',
        difficulty: 'advanced',
      }),
    );
    expect(res.status, res.text).toBe(403);
    expect(res.body.message).toBe(NEEDS_CONSENT);
    const begginer = await api<GameView>(
      t.url,
      'POST',
      '/v1/enterprise/CreateEnterpriseGame',
      as(ada, {
        enterPriseCategory: 'Site Safety',
        userId: ada.user._id,
        difficulty: 'begginer',
        gametimer: 60,
      }),
    );
    expect(begginer.body).toMatchObject({ difficulty: 'beginner', gameTimer: '60' });
  });

  it('an accepted invite to an enterprise topic makes the enterprise game, for the sender', async () => {
    const [aSocket, bSocket] = await Promise.all([
      socketFor(t.url, ada.token.accessToken),
      socketFor(t.url, bob.token.accessToken),
    ]);
    try {
      // inviting needs the EULA accepted first
      await confirmEula(t.url, ada);
      const received = nextEvent<{ _id: string }>(bSocket, 'invite');
      const sent = await ask<{ ok: boolean; inviteId: string }>(aSocket, 'invite', {
        to: bob.user._id,
        settings: { category: 'category_enterprise', topic: 'Site Safety', role: 'speaker' },
      });
      expect(sent.ok, JSON.stringify(sent)).toBe(true);
      await received;
      const accepted = await ask<{ ok: boolean; gameId: string }>(bSocket, 'invite-response', {
        inviteId: sent.inviteId,
        response: true,
      });
      expect(accepted.ok, JSON.stringify(accepted)).toBe(true);
      const [row] = await t.server.database.db.select().from(games).where(eq(games.id, accepted.gameId));
      expect(row).toMatchObject({
        category: 'category_enterprise',
        speakerId: ada.user._id,
        spellerId: bob.user._id,
      });
      expect(row?.words.map((w) => w.word).sort()).toEqual([...SAFETY].sort());
    } finally {
      aSocket.disconnect();
      bSocket.disconnect();
    }
  });

  it('refuses non-members, unknown topics, bad roles and bad input', async () => {
    const post = (who: Login, body: unknown) =>
      api<{ message: string }>(t.url, 'POST', '/v1/enterprise/CreateEnterpriseGame', as(who, body));
    const outsider = await post(eve, { enterPriseCategory: 'Site Safety', userId: eve.user._id });
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toContain('not a topic of an enterprise you belong to');
    expect((await post(ada, { enterPriseCategory: 'Kitchen', userId: ada.user._id })).status).toBe(403);
    // a speaker named here did not agree (themselves included), and the caller must play
    expect(
      (await post(ada, { enterPriseCategory: 'Site Safety', userId: ada.user._id, speakerId: ada.user._id }))
        .status,
    ).toBe(403);
    expect(
      (await post(ada, { enterPriseCategory: 'Site Safety', userId: bob.user._id, speakerId: eve.user._id }))
        .status,
    ).toBe(403);
    expect((await post(ada, { enterPriseCategory: 'Site Safety', userId: 'me' })).status).toBe(400);
    expect(
      (await post(ada, { enterPriseCategory: 'Site Safety', userId: ada.user._id, difficulty: 'expert' }))
        .status,
    ).toBe(400);
    expect(
      (await post(ada, { enterPriseCategory: 'Site Safety', userId: ada.user._id, gametimer: '5' })).status,
    ).toBe(400);
    expect((await post(ada, { userId: ada.user._id })).status).toBe(400);
    const g = await guest(t.url);
    const asGuest = await api(t.url, 'POST', '/v1/enterprise/CreateEnterpriseGame', {
      token: g.token.accessToken,
      body: { enterPriseCategory: 'Site Safety', userId: g.user._id },
    });
    expect(asGuest.status).toBe(403);
  });

  it('removes a member and a topic; only admins manage enterprises', async () => {
    const removed = await api<EnterpriseAnswer>(
      t.url,
      'DELETE',
      `/v1/admin/enterprises/${id}/members/${bob.user._id}`,
      as(admin),
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.members.map((m) => m._id)).toEqual([ada.user._id]);
    expect(
      (await api(t.url, 'DELETE', `/v1/admin/enterprises/${id}/members/${bob.user._id}`, as(admin))).status,
    ).toBe(404);
    const bobGame = await api(
      t.url,
      'POST',
      '/v1/enterprise/CreateEnterpriseGame',
      as(bob, { enterPriseCategory: 'Site Safety', userId: bob.user._id }),
    );
    expect(bobGame.status).toBe(403);

    for (const [method, path, body] of [
      ['GET', '/v1/admin/enterprises', undefined],
      ['POST', '/v1/admin/enterprises', { name: 'Sneaky' }],
      ['POST', `/v1/admin/enterprises/${id}/members`, { user: eve.account.email }],
      ['DELETE', `/v1/admin/enterprises/${id}`, undefined],
    ] as const) {
      expect((await api(t.url, method, path, as(ada, body))).status).toBe(403);
      expect((await api(t.url, method, path, { body })).status).toBe(401);
    }

    const topicId = removed.body.data.topics[0]!._id;
    const bad = await api(t.url, 'DELETE', `/v1/admin/enterprises/${id}/topics/not-an-id`, as(admin));
    expect(bad.status).toBe(400);
    const gone = await api<EnterpriseAnswer>(
      t.url,
      'DELETE',
      `/v1/admin/enterprises/${id}/topics/${topicId}`,
      as(admin),
    );
    expect(gone.body.data.topics).toEqual([]);
    const topics = await api<{ uniqueTopics: string[] }>(
      t.url,
      'POST',
      '/v1/enterprise/fetchAssignedEnterpriseTopics',
      as(ada),
    );
    expect(topics.body.uniqueTopics).toEqual([]);
  });
});

describe.skipIf(onPostgres)('enterprise command line', () => {
  it('creates an enterprise, adds a member and a topic, lists and removes them', async () => {
    const dataDir = freshDataDir();
    const a = newAccount('entcli');
    const s = await startServer({ dataDir, env: { SMTP_URL: smtp.url } });
    try {
      await registeredUser(s.url, smtp, a);
    } finally {
      await s.close();
    }
    const cli = (...args: string[]) => runAdminCli(['enterprise', ...args], { DATA_DIR: dataDir });
    expect(await cli('create', 'Globex Corp')).toMatchObject({
      code: 0,
      out: expect.stringContaining('Globex Corp'),
    });
    expect(await cli('create', 'globex corp')).toMatchObject({
      code: 1,
      out: expect.stringContaining('already'),
    });
    expect((await cli('add-member', 'globex corp', a.email)).out).toContain(a.username);
    const unknown = await cli('add-topic', 'Globex Corp', 'Farm', 'cow,pig', 'sheepxq');
    expect(unknown).toMatchObject({ code: 1, out: 'This word is not in the dictionary: sheepxq.' });
    const added = await cli(
      'add-topic',
      'Globex Corp',
      'Farm',
      'cow,pig',
      'horse',
      '--difficulty=intermediate',
    );
    expect(added).toMatchObject({ code: 0 });
    expect(added.out).toContain('topic Farm (intermediate): cow pig horse');
    expect((await cli('list')).out).toMatch(/Globex Corp .*\n {2}members: entcli.*\n {2}topic Farm/);
    expect(await cli('remove-topic', 'Globex Corp', 'Kitchen')).toMatchObject({ code: 1 });
    expect((await cli('remove-topic', 'Globex Corp', 'farm')).out).toContain('no topics');
    expect((await cli('remove-member', 'Globex Corp', a.username)).out).toContain('members: none');
    expect(await cli('remove-member', 'Globex Corp', a.username)).toMatchObject({ code: 1 });
    expect(await cli('add-topic', 'Globex Corp')).toMatchObject({ code: 2 });
    expect(await cli('frobnicate')).toMatchObject({ code: 2 });
    expect(await cli('delete', 'Globex Corp')).toMatchObject({ code: 0, out: 'Globex Corp: deleted' });
    expect(await cli('list')).toMatchObject({ code: 0, out: 'no enterprises' });
  });
});
