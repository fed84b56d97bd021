import { io, type Socket } from 'socket.io-client';
import { connected, type Driver, type LiveGame, meanBytes, sleep, withTimeout } from './load.ts';

// the load generator's side of a SaySpell server: guests, solo games over REST, partnered games by
// invite, players over socket.io
// (websocket transport only). solo: the speller is also "the partner": its answer is its
// update-game (the broadcast skips the socket that guessed).

interface Player {
  id: string;
  token: string;
  socket: Socket;
}

interface View {
  _id: string;
  status: string;
  currentIndex: number;
  words: unknown[];
  startsAt: number | null;
  serverNow: number;
}

type Ack = { ok: true; game: View } | { ok: false; error: { code: string; message: string } };

const TIMEOUT_MS = 20_000;
const settings = {
  language: 'English',
  difficulty: 'beginner',
  category: 'category_animals',
  gameTimer: '600',
};

/** a guess that cannot be a real word */
export const guessFor = (index: number) => `qxz${'abcdefghijklmnopqrstuvwxy'[index % 25]}j`;

export function sayspellDriver(url: string, mode: 'solo' | 'partnered'): Driver {
  let pairs: { speller: Player; speaker: Player }[] = [];
  /** `${gameId}:${currentIndex}:${userId}` → resolves with the receipt time */
  const waiting = new Map<string, (t: number) => void>();
  const sizes: number[] = [];
  let messages = 0;
  /** why sockets were disconnected while the bench ran (the server's reason, as socket.io names it) */
  const disconnects = new Map<string, number>();

  async function post<T>(pathname: string, body: unknown, token?: string): Promise<T> {
    const res = await fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST ${pathname}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async function player(): Promise<Player> {
    const login = await post<{ token: { accessToken: string }; user: { _id: string } }>('/v1/auth/login', {
      strategy: 'guest',
    });
    const token = login.token.accessToken;
    // invites need the EULA accepted (§6)
    await post('/v1/users/confirm-eula', { userId: login.user._id }, token);
    const socket = io(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await connected(socket, TIMEOUT_MS);
    const id = login.user._id;
    socket.on('disconnect', (reason) => {
      disconnects.set(reason, (disconnects.get(reason) ?? 0) + 1);
    });
    socket.on('update-game', (view: View) => {
      const t = performance.now();
      const key = `${view._id}:${view.currentIndex}:${id}`;
      const resolve = waiting.get(key);
      if (!resolve) return;
      waiting.delete(key);
      resolve(t);
      // size as sent, measured now and then (it costs this process time)
      if (messages++ % 25 === 0) sizes.push(JSON.stringify(view).length);
    });
    return { id, token, socket };
  }

  /** an event and its answer; a socket that got none says which event it was waiting on */
  const ask = <T = Ack>(p: Player, event: string, payload: unknown) =>
    (p.socket.timeout(TIMEOUT_MS).emitWithAck(event, payload) as Promise<T>).catch((err: Error) => {
      throw new Error(`${event}: ${err.message}${p.socket.connected ? '' : ' (socket disconnected)'}`);
    });

  function receipt(gameId: string, index: number, userId: string): Promise<number> {
    return new Promise((resolve) => waiting.set(`${gameId}:${index}:${userId}`, resolve));
  }

  const invitesSent = new Map<number, number>();
  /**
   * a partnered game needs both players' consent: one invites, the other accepts. the two take
   * turns inviting, so a pair playing game after game stays under the per-sender invite limit
   */
  async function invited(speaker: Player, speller: Player, pairIndex: number): Promise<string> {
    const n = invitesSent.get(pairIndex) ?? 0;
    invitesSent.set(pairIndex, n + 1);
    const [from, to] = n % 2 === 0 ? [speaker, speller] : [speller, speaker];
    type Answer<T> = ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };
    const emit = <T>(p: Player, event: string, payload: unknown) => ask<Answer<T>>(p, event, payload);
    const role = from === speaker ? 'speaker' : 'speller';
    const sent = await emit<{ inviteId: string }>(from, 'invite', {
      to: to.id,
      settings: { ...settings, role },
    });
    if (!sent.ok) throw new Error(`invite: ${sent.error.code} ${sent.error.message}`);
    const accepted = await emit<{ gameId: string }>(to, 'invite-response', {
      inviteId: sent.inviteId,
      response: true,
    });
    if (!accepted.ok) throw new Error(`accept: ${accepted.error.code} ${accepted.error.message}`);
    return accepted.gameId;
  }

  /** both players hand-shake every 100 ms until the game has started; then the countdown is waited out */
  async function start(gameId: string, players: Player[]): Promise<View> {
    const deadline = performance.now() + TIMEOUT_MS;
    for (;;) {
      const acks = await Promise.all(players.map((p) => ask(p, 'initiate-handshake', { gameId })));
      for (const a of acks) if (!a.ok) throw new Error(`handshake: ${a.error.code} ${a.error.message}`);
      const view = acks.map((a) => (a.ok ? a.game : null)).find((g) => g?.status === 'started');
      if (view?.startsAt) {
        await sleep(view.startsAt - view.serverNow + 50);
        return view;
      }
      if (performance.now() > deadline) throw new Error('handshake: the game did not start');
      await sleep(100);
    }
  }

  return {
    name: `sayspell-${mode}`,

    async open(count) {
      pairs = [];
      for (let i = 0; i < count; i += 20) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(20, count - i) }, async () => {
            const speller = await player();
            return { speller, speaker: mode === 'solo' ? speller : await player() };
          }),
        );
        pairs.push(...batch);
      }
    },

    async prepare(pairIndex): Promise<LiveGame> {
      const { speller, speaker } = pairs[pairIndex]!;
      const body = { ...settings, solo: true, speller: speller.id };
      const gameId =
        mode === 'solo'
          ? (await post<View>('/v1/game', body, speller.token))._id
          : await invited(speaker, speller, pairIndex);
      const players = mode === 'solo' ? [speller] : [speller, speaker];
      const view = await start(gameId, players);
      return {
        words: view.words.length,
        async guess(index) {
          const partner = mode === 'solo' ? undefined : receipt(gameId, index + 1, speaker.id);
          const ack = ask(speller, 'guess-word', { gameId, index, guess: guessFor(index) });
          const a = await withTimeout(ack, TIMEOUT_MS, 'guess-word ack');
          const own = performance.now();
          if (!a.ok) {
            waiting.delete(`${gameId}:${index + 1}:${speaker.id}`);
            throw new Error(`guess-word: ${a.error.code} ${a.error.message}`);
          }
          if (!partner) return { partner: own, own };
          return { partner: await withTimeout(partner, TIMEOUT_MS, 'update-game to the partner'), own };
        },
        async finish() {
          for (const p of players) await ask(p, 'unsubscribe', { channel: `presence-game-${gameId}` });
        },
      };
    },

    async close() {
      if (disconnects.size)
        console.warn('sockets disconnected before the end:', Object.fromEntries(disconnects));
      for (const p of pairs) {
        p.speller.socket.disconnect();
        p.speaker.socket.disconnect();
      }
      pairs = [];
      waiting.clear();
    },

    payloadBytes: () => meanBytes(sizes),
  };
}
