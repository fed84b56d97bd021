import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import type { GameView } from '@sayspell/core/protocol/game';
import type { ChatMessage } from '@sayspell/core/protocol/social';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { api, type ClientSocket, confirmEula, onPostgres, serverPool } from './harness.ts';
import { invitedGame } from './partnered.ts';
import { instanceProcess } from './support/instance-process.ts';
import { startTcpProxy } from './support/tcp-proxy.ts';

// two instances behind a load balancer on PostgreSQL + Redis, 50 partnered games in flight; one
// instance is killed (SIGKILL). its players reconnect through the balancer to the other; every
// game finishes, and no acknowledged guess, chat message or invite is lost

const GAMES = 50;
const start = serverPool();
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

interface Client {
  login: LoginAnswer;
  socket: ClientSocket;
}

type Ack = { ok: boolean; game?: GameView; error?: { code: string; message: string }; [k: string]: unknown };

function emitOnce(
  socket: ClientSocket,
  event: string,
  payload: unknown,
  timeoutMs = 3000,
): Promise<Ack | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    (socket as unknown as { emit(e: string, p: unknown, cb: (a: Ack) => void): void }).emit(
      event,
      payload,
      (a) => {
        clearTimeout(timer);
        resolve(a);
      },
    );
  });
}

/** what a real client does: wait for the connection, rejoin the game, ask again until answered */
async function reliably(c: Client, event: string, payload: { gameId?: string }, done?: (a: Ack) => boolean) {
  for (let attempt = 0; attempt < 40; attempt++) {
    if (!c.socket.connected) await new Promise<void>((r) => c.socket.once('connect', () => r()));
    if (payload.gameId && event !== 'initiate-handshake') {
      await emitOnce(c.socket, 'initiate-handshake', { gameId: payload.gameId });
    }
    const ack = await emitOnce(c.socket, event, payload);
    if (ack && (ack.ok || done?.(ack))) return ack;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${event} never answered`);
}

async function restRetry<T>(url: string, method: string, path: string, opts: Parameters<typeof api>[3]) {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await api<T>(url, method, path, opts);
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${method} ${path} failed`);
}

describe.skipIf(!onPostgres)('failover', () => {
  it(`${GAMES} games survive the death of one of two instances`, async () => {
    const env = {
      DATABASE_URL: process.env.SAYSPELL_TEST_DATABASE_URL ?? '',
      REDIS_URL: process.env.SAYSPELL_TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `test-failover-${randomUUID().slice(0, 8)}`,
      DISCONNECT_GRACE_MS: '10000',
    };
    const a = await instanceProcess(env, children);
    const b = await start({ env });
    let aAlive = true;
    const proxy = await startTcpProxy(() => (aAlive ? [a.port, b.port] : [b.port]));
    try {
      const clients: Client[] = [];
      for (let i = 0; i < GAMES * 2 + 2; i++) {
        const login = (
          await api<LoginAnswer>(proxy.url, 'POST', '/v1/auth/login', { body: { strategy: 'guest' } })
        ).body;
        await confirmEula(proxy.url, login);
        const socket: ClientSocket = connect(proxy.url, {
          auth: { token: login.token.accessToken },
          transports: ['websocket'],
          reconnectionDelay: 100,
          reconnectionDelayMax: 500,
          forceNew: true,
        });
        await new Promise<void>((r) => socket.once('connect', () => r()));
        clients.push({ login, socket });
      }
      expect(proxy.served.get(a.port)).toBeGreaterThan(GAMES / 2);

      const games: { id: string; speaker: Client; speller: Client }[] = [];
      for (let g = 0; g < GAMES; g++) {
        const speaker = clients[2 * g] as Client;
        const speller = clients[2 * g + 1] as Client;
        // both consent: the speaker invites, the speller accepts
        const id = await invitedGame(speaker.socket, speller.socket, speller.login.user._id, {
          gameTimer: '20',
        });
        games.push({ id, speaker, speller });
      }
      await Promise.all(
        games.map(async (g) => {
          await reliably(g.speaker, 'initiate-handshake', { gameId: g.id });
          await reliably(g.speller, 'initiate-handshake', { gameId: g.id });
          await reliably(g.speaker, 'initiate-handshake', { gameId: g.id });
        }),
      );
      const started = await api<{ data: GameView }>(proxy.url, 'GET', `/v1/game/${games[0]?.id}`, {
        token: games[0]?.speaker.login.token.accessToken,
      });
      await new Promise((r) =>
        setTimeout(r, Math.max(0, (started.body.data.startsAt ?? 0) - Date.now()) + 300),
      );

      const acked = new Map<string, string[]>();
      const guess = async (g: (typeof games)[number], index: number) => {
        const word = `guess${'abcdef'[index]}`;
        // a guess whose answer was lost may have landed: then the game has moved past it
        await reliably(
          g.speller,
          'guess-word',
          { gameId: g.id, index, guess: word } as never,
          (ack) => ack.error?.code === 'WRONG_WORD',
        );
        acked.set(g.id, [...(acked.get(g.id) ?? []), word]);
      };
      await Promise.all(games.map((g) => guess(g, 0)));

      // two idle players: an invite is pending when the instance dies
      const [inviter, invitee] = clients.slice(GAMES * 2) as [Client, Client];
      const sent = await reliably(inviter, 'invite', {
        to: invitee.login.user._id,
        settings: { category: 'category_animals', role: 'speaker' },
      } as never);

      a.child.kill('SIGKILL');
      aAlive = false;

      await Promise.all(
        games.map(async (g) => {
          await guess(g, 1);
          await guess(g, 2);
        }),
      );
      const accepted = await reliably(invitee, 'invite-response', {
        inviteId: sent.inviteId,
        response: true,
      } as never);
      expect(accepted.gameId).toEqual(expect.any(String));

      for (const g of games.slice(0, 10)) {
        const chat = await restRetry<ChatMessage>(proxy.url, 'POST', '/v1/send-chat', {
          token: g.speaker.login.token.accessToken,
          body: {
            fromId: g.speaker.login.user._id,
            toId: g.speller.login.user._id,
            message: `after the crash ${g.id}`,
          },
        });
        expect(chat.status).toBe(200);
      }

      // every client is back (through the balancer, so on the surviving instance). a client that
      // took no part in the steps above may still be in socket.io's reconnection delay (up to 5 s):
      // wait for it, as a player's page would
      await vi.waitFor(() => expect(clients.every((c) => c.socket.connected)).toBe(true), {
        timeout: 15_000,
        interval: 100,
      });

      // every game finishes on time (timers that died with a are picked up by b's sweeper)
      const deadline = Date.now() + 60_000;
      for (const g of games) {
        let view: GameView | undefined;
        while (Date.now() < deadline) {
          view = (
            await restRetry<{ data: GameView }>(proxy.url, 'GET', `/v1/game/${g.id}`, {
              token: g.speaker.login.token.accessToken,
            })
          ).body.data;
          if (view.status === 'finished') break;
          await new Promise((r) => setTimeout(r, 500));
        }
        expect(view?.status).toBe('finished');
        expect(view?.words.slice(0, 3).map((w) => w.guess)).toEqual(acked.get(g.id));
      }
      for (const g of games.slice(0, 10)) {
        const history = await api<{ messages: ChatMessage[] }>(
          proxy.url,
          'GET',
          `/v1/get-chat-messages?id1=${g.speaker.login.user._id}&id2=${g.speller.login.user._id}`,
          { token: g.speller.login.token.accessToken },
        );
        expect(history.body.messages.map((m) => m.message)).toEqual([`after the crash ${g.id}`]);
      }
      const inviteGame = await api<{ data: GameView }>(proxy.url, 'GET', `/v1/game/${accepted.gameId}`, {
        token: inviter.login.token.accessToken,
      });
      expect(inviteGame.body.data.speaker?._id).toBe(inviter.login.user._id);
      for (const c of clients) c.socket.disconnect();
    } finally {
      await proxy.close();
    }
  }, 120_000);
});
