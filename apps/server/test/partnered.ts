import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import type { GameView } from '@sayspell/core/protocol/game';
import { api, ask, type ClientSocket, guest, socketFor, soloGameBody } from './harness.ts';

// two players in one partnered game, each with a real socket, and everything each one receives

export interface Player {
  login: LoginAnswer;
  socket: ClientSocket;
  /** every event and acknowledgement this player received, as text, in order */
  received: string[];
}

export async function player(url: string): Promise<Player> {
  const login = await guest(url);
  const socket = await socketFor(url, login.token.accessToken);
  const received: string[] = [];
  socket.onAny((event, ...args) => received.push(`${event} ${JSON.stringify(args)}`));
  return { login, socket, received };
}

export async function askAs<A = { ok: boolean; game: GameView; error?: { code: string } }>(
  p: Player,
  event: string,
  payload: unknown,
): Promise<A> {
  const answer = await ask<A>(p.socket, event, payload);
  p.received.push(`ack:${event} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * a partnered game the way players make one (both consent): the speaker invites the speller and
 * the speller accepts. returns the game's id
 */
export async function invitedGame(
  speaker: ClientSocket,
  speller: ClientSocket,
  spellerId: string,
  over: Record<string, unknown> = {},
): Promise<string> {
  const { language, difficulty, category, gameTimer, topic } = {
    ...soloGameBody(spellerId),
    ...over,
  } as Record<string, unknown>;
  const settings = {
    language,
    difficulty,
    category,
    gameTimer,
    role: 'speaker',
    ...(topic ? { topic } : {}),
  };
  type Ack<T> = ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };
  const sent = await ask<Ack<{ inviteId: string }>>(speaker, 'invite', { to: spellerId, settings });
  if (!sent.ok) throw new Error(`invite: ${sent.error.code} ${sent.error.message}`);
  const accepted = await ask<Ack<{ gameId: string }>>(speller, 'invite-response', {
    inviteId: sent.inviteId,
    response: true,
  });
  if (!accepted.ok) throw new Error(`accept: ${accepted.error.code} ${accepted.error.message}`);
  return accepted.gameId;
}

export async function partneredGame(
  url: string,
  speaker: Player,
  speller: Player,
  over: Record<string, unknown> = {},
): Promise<GameView> {
  const id = await invitedGame(speaker.socket, speller.socket, speller.login.user._id, over);
  const res = await api<{ data: GameView }>(url, 'GET', `/v1/game/${id}`, {
    token: speaker.login.token.accessToken,
  });
  if (res.status !== 200) throw new Error(`partnered game: ${res.status} ${res.text}`);
  return res.body.data;
}

/** both players handshake until the server says the game started; returns each one's view */
export async function startTogether(game: GameView, speaker: Player, speller: Player) {
  const first = await askAs(speaker, 'initiate-handshake', { gameId: game._id });
  if (first.game.status !== 'created') throw new Error('started with one player');
  const second = await askAs(speller, 'initiate-handshake', { gameId: game._id });
  const again = await askAs(speaker, 'initiate-handshake', { gameId: game._id });
  return { speaker: again.game, speller: second.game };
}
