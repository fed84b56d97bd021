import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ask, confirmEula, socketFor, startServer, type TestServer } from './harness.ts';

// issue 15 item 2: a player who has not accepted the EULA (a fresh guest) may play but not chat or
// invite (§6): 403 with a sentence, nothing sent; after 'I Understand' both work

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t?.close());

async function freshGuest(): Promise<LoginAnswer> {
  const res = await api<LoginAnswer>(t.url, 'POST', '/v1/auth/login', { body: { strategy: 'guest' } });
  expect(res.status).toBe(200);
  expect(res.body.user.hasConfirmedEULA).toBe(false);
  return res.body;
}

type Ack = { ok: true; inviteId: string } | { ok: false; error: { code: string; message: string } };

describe('the EULA before chat and invites', () => {
  it('refuses a chat with 403 and a sentence until the EULA is accepted', async () => {
    const [a, b] = [await freshGuest(), await confirmed()];
    const send = () =>
      api(t.url, 'POST', '/v1/send-chat', {
        token: a.token.accessToken,
        body: { fromId: a.user._id, toId: b.user._id, message: 'hello' },
      });
    const refused = await send();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Please accept the EULA (I Understand) before you chat.',
    });
    const history = await api<{ messages: unknown[] }>(
      t.url,
      'GET',
      `/v1/get-chat-messages?id1=${a.user._id}&id2=${b.user._id}`,
      { token: b.token.accessToken },
    );
    expect(history.body.messages).toEqual([]);

    await confirmEula(t.url, a);
    expect((await send()).status).toBe(200);
  });

  it('refuses an invite until the EULA is accepted, and nothing is stored', async () => {
    const [a, b] = [await freshGuest(), await confirmed()];
    const [sa, sb] = [
      await socketFor(t.url, a.token.accessToken),
      await socketFor(t.url, b.token.accessToken),
    ];
    try {
      expect((await ask(sb, 'subscribe', { channel: `private-invite-${b.user._id}` })).ok).toBe(true);
      const settings = { category: 'category_animals', role: 'speaker' };
      const refused = await ask<Ack>(sa, 'invite', { to: b.user._id, settings });
      expect(refused).toEqual({
        ok: false,
        error: {
          code: 'FORBIDDEN',
          message: 'Please accept the EULA (I Understand) before you invite a player.',
        },
      });
      const pending = await api<{ received: unknown[] }>(t.url, 'GET', '/v1/invites', {
        token: b.token.accessToken,
      });
      expect(pending.body.received).toEqual([]);

      await confirmEula(t.url, a);
      const sent = await ask<Ack>(sa, 'invite', { to: b.user._id, settings });
      expect(sent.ok).toBe(true);
    } finally {
      sa.close();
      sb.close();
    }
  });
});

async function confirmed(): Promise<LoginAnswer> {
  const login = await freshGuest();
  await confirmEula(t.url, login);
  return login;
}
