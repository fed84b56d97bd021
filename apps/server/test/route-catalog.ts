import type { LoginAnswer } from '@sayspell/core/protocol/auth';
import { expect } from 'vitest';
import { encodeWav } from '../src/providers/stt/wav.ts';
import { newAccount, registeredUser } from './accounts.ts';
import { api, guest, soloGameBody } from './harness.ts';
import type { SmtpPeer } from './support/smtp-peer.ts';

// every route of the app with a valid request per caller and the answer each caller must get;
// the authorisation matrix checks the answers, the fuzz test mutates the requests

export type Actor = 'anonymous' | 'guest' | 'user' | 'other' | 'admin';
export const ACTORS: Actor[] = ['anonymous', 'guest', 'other', 'admin', 'user'];

export interface World {
  login: Record<Exclude<Actor, 'anonymous'>, LoginAnswer>;
  password: string;
  userGameId: string;
}

export interface Case {
  method: string;
  url: string;
  /** the request an actor makes; by default the url as is and no body */
  request?: (w: World, actor: Actor) => { path?: string; body?: unknown; form?: () => FormData };
  /** the status each actor gets */
  expect: Record<Actor, number>;
}

const PUBLIC = (status: number): Record<Actor, number> => ({
  anonymous: status,
  guest: status,
  user: status,
  other: status,
  admin: status,
});
const SIGNED_IN = (status = 200): Record<Actor, number> => ({ ...PUBLIC(status), anonymous: 401 });
const REGISTERED = (status = 200): Record<Actor, number> => ({ ...SIGNED_IN(status), guest: 403 });
const OWNER_ONLY = (status = 200, others = 403): Record<Actor, number> => ({
  anonymous: 401,
  guest: others,
  other: others,
  admin: others,
  user: status,
});
const ADMIN_ONLY: Record<Actor, number> = { anonymous: 401, guest: 403, user: 403, other: 403, admin: 200 };
/** letters unique to this run: the PostgreSQL suites share one database */
const RUN_LETTERS = Date.now()
  .toString(26)
  .replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)] ?? 'q');
/** a quiet second of audio and the game whose word it should say */
function speechForm(gameId: string): FormData {
  const form = new FormData();
  const wav = encodeWav(new Int16Array(16000).fill(3), 16000);
  form.append('wavfile', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'word.wav');
  form.append('gameId', gameId);
  return form;
}
const idOf = (w: World, a: Actor) =>
  a === 'anonymous' ? '00000000-0000-4000-8000-000000000000' : w.login[a].user._id;

export const CASES: Case[] = [
  { method: 'GET', url: '/health', expect: PUBLIC(200) },
  { method: 'GET', url: '/v1/config', expect: PUBLIC(200) },
  { method: 'GET', url: '/v1/languages', expect: PUBLIC(200) },
  { method: 'GET', url: '/v1/users/getUpdateReq', expect: PUBLIC(200) },
  { method: 'GET', url: '/v1/users/getSelectedPartyDate', expect: PUBLIC(200) },
  {
    method: 'POST',
    url: '/v1/auth/login',
    request: () => ({ body: { strategy: 'guest' } }),
    expect: PUBLIC(200),
  },
  {
    method: 'GET',
    url: '/v1/auth/:provider/authorize',
    request: () => ({ path: '/v1/auth/google/authorize' }),
    expect: PUBLIC(404), // social sign-in is off by default
  },
  {
    method: 'POST',
    url: '/v1/auth/register',
    request: () => ({ body: newAccount('mx') }),
    expect: PUBLIC(201),
  },
  {
    method: 'POST',
    url: '/v1/auth/guest-claim',
    expect: { anonymous: 401, guest: 200, user: 403, other: 403, admin: 403 },
  },
  {
    method: 'POST',
    url: '/v1/auth/verify-email',
    request: () => ({ body: { token: 'y'.repeat(43) } }),
    expect: PUBLIC(400),
  },
  {
    method: 'POST',
    url: '/v1/auth/resend-verification',
    request: () => ({ body: { email: 'someone@example.org' } }),
    expect: PUBLIC(202),
  },
  {
    method: 'POST',
    url: '/v1/auth/forgot-password',
    request: () => ({ body: { email: 'someone@example.org' } }),
    expect: PUBLIC(202),
  },
  {
    method: 'POST',
    url: '/v1/auth/reset-link',
    request: () => ({ body: { token: 'y'.repeat(43) } }),
    expect: PUBLIC(400),
  },
  {
    method: 'POST',
    url: '/v1/auth/reset-password',
    request: () => ({ body: { token: 'y'.repeat(43), newPassword: 'long enough 1' } }),
    expect: PUBLIC(400),
  },
  {
    method: 'POST',
    url: '/v1/auth/confirm-email-change',
    request: () => ({ body: { token: 'y'.repeat(43) } }),
    expect: PUBLIC(400),
  },
  {
    method: 'POST',
    url: '/v1/auth/refresh',
    request: () => ({ body: { refreshToken: 'z'.repeat(43) } }),
    expect: PUBLIC(401),
  },
  { method: 'POST', url: '/api/auth/logout', request: () => ({ body: {} }), expect: PUBLIC(204) },
  { method: 'GET', url: '/v1/users/profile', expect: SIGNED_IN() },
  {
    method: 'PATCH',
    url: '/v1/users/profile',
    request: () => ({ body: { name: 'New Name' } }),
    expect: REGISTERED(),
  },
  {
    method: 'POST',
    url: '/v1/users/change-password',
    request: (w) => ({ body: { currentPassword: w.password, newPassword: w.password } }),
    expect: REGISTERED(),
  },
  {
    method: 'POST',
    url: '/v1/users/avatar',
    request: () => ({ body: { picture: 'avatar3.png' } }),
    expect: REGISTERED(),
  },
  {
    method: 'GET',
    url: '/v1/avatar/:picture',
    request: () => ({ path: '/v1/avatar/avatar3.png' }),
    expect: PUBLIC(200),
  },
  {
    method: 'POST',
    url: '/v1/users/change-email',
    request: (w) => ({ body: { newEmail: newAccount('mv').email, password: w.password } }),
    expect: REGISTERED(202),
  },
  { method: 'GET', url: '/v1/users/voice', expect: SIGNED_IN() },
  {
    method: 'PUT',
    url: '/v1/users/voice',
    request: () => ({ body: { voice: null, rate: 1.25 } }),
    expect: REGISTERED(),
  },
  { method: 'GET', url: '/v1/users/settings', expect: SIGNED_IN() },
  {
    method: 'PUT',
    url: '/v1/users/settings',
    request: () => ({ body: { difficulty: 'intermediate' } }),
    expect: REGISTERED(),
  },
  {
    method: 'POST',
    url: '/v1/users/confirm-eula',
    request: (w) => ({ body: { userId: w.login.user.user._id } }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'POST',
    url: '/v1/users/demographics',
    request: () => ({
      body: {
        gender: 'other',
        dob: '2001-01-01',
        country: { name: 'Kenya', code: 'KE' },
        education: 'Other',
      },
    }),
    expect: REGISTERED(),
  },
  { method: 'GET', url: '/v1/admin/users', expect: ADMIN_ONLY },
  {
    method: 'POST',
    url: '/v1/admin/users/:id/role',
    request: (w) => ({ path: `/v1/admin/users/${w.login.other.user._id}/role`, body: { role: 'user' } }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    url: '/v1/admin/users/:id/remove',
    request: (w) => ({ path: `/v1/admin/users/${w.login.other.user._id}/remove`, body: { removed: false } }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    url: '/v1/google/speech-to-text',
    // multipart: the fuzz test's JSON bodies are all refused (400), the form itself is tested in
    // speech-to-text.integration.test.ts
    // before the delete of the user's game below: the check needs the game to exist.
    // only the speaker of a game in play may check (the server picks the word): the user's solo
    // game has no speaker, and the others are not its players
    request: (w) => ({ form: () => speechForm(w.userGameId) }),
    expect: OWNER_ONLY(403),
  },
  {
    method: 'POST',
    url: '/v1/learning/ask',
    // before the delete of the user's game: its speller hears that it is not in play yet, the
    // others that it is not theirs (learning-web.integration.test.ts asks in a game in play)
    request: (w) => ({ body: { gameId: w.userGameId, index: 0, kind: 'definition' } }),
    expect: OWNER_ONLY(409),
  },
  {
    method: 'GET',
    url: '/v1/learning/speaker-notes',
    // the user's game is solo: nobody is its speaker (speaker-notes.integration.test.ts reads the
    // notes as the speaker of a partnered game)
    request: (w) => ({ path: `/v1/learning/speaker-notes?gameId=${w.userGameId}&index=0` }),
    expect: SIGNED_IN(403),
  },
  {
    method: 'POST',
    url: '/v1/learning/practise-again',
    request: (w) => ({ body: { gameId: w.userGameId } }),
    expect: OWNER_ONLY(409),
  },
  {
    method: 'GET',
    url: '/v1/game/:id',
    request: (w) => ({ path: `/v1/game/${w.userGameId}` }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'GET',
    url: '/v1/audio/token',
    // the world's game is solo: its owner learns it has no call, everyone else may not ask
    request: (w) => ({ path: `/v1/audio/token?id=${w.userGameId}` }),
    expect: OWNER_ONLY(409),
  },
  {
    method: 'GET',
    url: '/v1/game/:id/audio/:token',
    // the link is the capability (an <audio> element sends no token): a made-up one gets nothing
    // whoever asks; solo-game tests play a live link
    request: (w) => ({ path: `/v1/game/${w.userGameId}/audio/${'A'.repeat(32)}` }),
    expect: PUBLIC(404),
  },
  {
    method: 'POST',
    url: '/v1/delete-unfinished-game',
    request: (w) => ({ body: { _id: w.userGameId } }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'POST',
    url: '/v1/game',
    request: (w, a) => ({ body: soloGameBody(idOf(w, a)) }),
    expect: SIGNED_IN(),
  },
  {
    method: 'POST',
    url: '/v1/game',
    // a game for someone else
    request: (w) => ({ body: soloGameBody(w.login.user.user._id) }),
    expect: OWNER_ONLY(200, 403),
  },
  { method: 'POST', url: '/v1/matching', request: () => ({ body: matchBody }), expect: SIGNED_IN() },
  { method: 'DELETE', url: '/v1/matching', expect: SIGNED_IN() },
  { method: 'GET', url: '/v1/history', expect: SIGNED_IN() },
  { method: 'GET', url: '/v1/learning/due', expect: SIGNED_IN() },
  { method: 'GET', url: '/v1/learning/words', expect: SIGNED_IN() },
  { method: 'GET', url: '/v1/learning/progress', expect: SIGNED_IN() },
  { method: 'GET', url: '/v1/leaderboard', expect: SIGNED_IN() },
  { method: 'GET', url: '/v1/giftcards', expect: SIGNED_IN() },
  {
    method: 'POST',
    url: '/v1/user-game-count',
    request: (w) => ({ body: { id: w.login.user.user._id } }),
    expect: SIGNED_IN(),
  },
  {
    method: 'POST',
    url: '/v1/pusher/ingamecheck',
    request: (w) => ({ body: { userId: w.login.user.user._id, inGame: false } }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'GET',
    url: '/v1/google/text-to-speech',
    request: () => ({ path: '/v1/google/text-to-speech?text=hello' }),
    // sign-in and a per-user budget: no anonymous speech engine (issue 13)
    expect: SIGNED_IN(),
  },
  {
    method: 'GET',
    url: '/v1/speech/voices',
    request: () => ({ path: '/v1/speech/voices?language=English' }),
    expect: PUBLIC(200),
  },
  {
    method: 'POST',
    url: '/v1/google/text-to-speech-test',
    request: () => ({ body: { text: 'hello', settings: { rate: 1.5, pitch: 0.8 } } }),
    expect: SIGNED_IN(),
  },
  {
    method: 'POST',
    url: '/v1/users/add-friend',
    request: (w) => ({ body: { userId: w.login.user.user._id, friendId: w.login.other.user._id } }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'POST',
    url: '/v1/users/remove-friend',
    request: (w) => ({ body: { userId: w.login.user.user._id, friendId: w.login.other.user._id } }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'POST',
    url: '/v1/users/block-user',
    request: (w) => ({ body: { userIdOne: w.login.user.user._id, userIdTwo: w.login.guest.user._id } }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'POST',
    url: '/v1/users/unblock-user',
    request: (w) => ({ body: { userIdOne: w.login.user.user._id, userIdTwo: w.login.guest.user._id } }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'POST',
    url: '/v1/send-chat',
    request: (w) => ({
      body: { fromId: w.login.user.user._id, toId: w.login.other.user._id, message: 'hi' },
    }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'GET',
    url: '/v1/get-chat-messages',
    // both people in a conversation may read it, nobody else
    request: (w) => ({
      path: `/v1/get-chat-messages?id1=${w.login.user.user._id}&id2=${w.login.other.user._id}`,
    }),
    expect: { anonymous: 401, guest: 403, user: 200, other: 200, admin: 403 },
  },
  { method: 'GET', url: '/v1/chat/unread', expect: SIGNED_IN() },
  {
    method: 'POST',
    url: '/v1/chat/read',
    request: (w) => ({ body: { userId: w.login.user.user._id } }),
    expect: SIGNED_IN(),
  },
  {
    method: 'POST',
    url: '/v1/report-user',
    request: (w) => ({
      body: { userReported: w.login.other.user._id, message: 'rude', user: w.login.user.user._id },
    }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'POST',
    url: '/v1/flag-content',
    request: (w) => ({ body: { content: 'a rude word', user: w.login.user.user._id } }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'POST',
    url: '/v1/feedback',
    request: (w) => ({ body: { subject: 'Nice', message: 'I like it', user: w.login.user.user._id } }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'POST',
    url: '/v1/profiles',
    request: (w) => ({ body: { members: [w.login.user.user._id, w.login.other.user._id] } }),
    expect: SIGNED_IN(),
  },
  { method: 'GET', url: '/v1/online-users', expect: SIGNED_IN() },
  { method: 'GET', url: '/v1/people', expect: SIGNED_IN() },
  { method: 'GET', url: '/v1/invites', expect: SIGNED_IN() },
  {
    method: 'GET',
    url: '/v1/invites/:id',
    // only the sender and the receiver see an invite; nobody has this one
    request: () => ({ path: '/v1/invites/00000000-0000-4000-8000-000000000000' }),
    expect: SIGNED_IN(404),
  },
  {
    method: 'POST',
    url: '/v1/pusher/auth',
    request: (w) => ({ body: { channel: `private-${w.login.user.user._id}` } }),
    expect: OWNER_ONLY(),
  },
  {
    method: 'POST',
    url: '/v1/pusher/join',
    request: () => ({ body: { channel: 'presence-users' } }),
    expect: SIGNED_IN(),
  },
  {
    method: 'POST',
    url: '/v1/pusher/send',
    request: (w, a) => ({
      body: {
        channel: `private-${a === 'other' ? w.login.user.user._id : w.login.other.user._id}`,
        subject: 'typing',
        message: { typing: true },
      },
    }),
    expect: SIGNED_IN(),
  },
  { method: 'GET', url: '/v1/admin/reports', expect: ADMIN_ONLY },
  {
    method: 'POST',
    url: '/v1/admin/reports/:id/resolve',
    // allowed only for admins, who then learn there is no such report
    request: () => ({
      path: '/v1/admin/reports/00000000-0000-4000-8000-000000000001/resolve',
      body: { action: 'dismiss' },
    }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  // words (issue 7): the admin word tools, the word of the day, the IPA lookup
  {
    method: 'POST',
    url: '/v1/add-word',
    request: () => ({ body: { language: 'English', word: `matrix${RUN_LETTERS}` } }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    url: '/v1/remove-word',
    // allowed only for admins, who then learn there is no such word
    request: () => ({ body: { language: 'English', word: `absent${RUN_LETTERS}` } }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    method: 'POST',
    url: '/v1/add-homonym',
    request: () => ({ body: { word1: `absent${RUN_LETTERS}`, word2: `missing${RUN_LETTERS}` } }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    method: 'POST',
    url: '/v1/remove-homonym',
    request: () => ({ body: { word1: 'cat', word2: `missing${RUN_LETTERS}` } }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  { method: 'GET', url: '/v1/admin/word-audit', expect: ADMIN_ONLY },
  {
    method: 'POST',
    url: '/v1/ai/word-of-the-day',
    request: () => ({ body: { date: '2026-11-22' } }),
    expect: PUBLIC(200),
  },
  {
    method: 'GET',
    url: '/v1/words/pronunciation',
    request: () => ({ path: '/v1/words/pronunciation?word=cat' }),
    expect: PUBLIC(200),
  },
  {
    method: 'POST',
    url: '/v1/ai/CreateCustomGame',
    request: (w, a) => ({ body: { category: 'weather', userId: idOf(w, a) } }),
    expect: SIGNED_IN(),
  },
  { method: 'GET', url: '/v1/sayspell-trending-topic', expect: PUBLIC(200) },
  // enterprises (issue 7): admins manage them; allowed only for admins, who then learn there is no such one
  { method: 'GET', url: '/v1/admin/enterprises', expect: ADMIN_ONLY },
  {
    method: 'POST',
    url: '/v1/admin/enterprises',
    request: () => ({ body: { name: `Matrix ${RUN_LETTERS}` } }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'DELETE',
    url: '/v1/admin/enterprises/:id',
    request: () => ({ path: '/v1/admin/enterprises/00000000-0000-4000-8000-00000000e001' }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    method: 'POST',
    url: '/v1/admin/enterprises/:id/members',
    request: (w) => ({
      path: '/v1/admin/enterprises/00000000-0000-4000-8000-00000000e001/members',
      body: { user: w.login.other.user.username },
    }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    method: 'DELETE',
    url: '/v1/admin/enterprises/:id/members/:userId',
    request: (w) => ({
      path: `/v1/admin/enterprises/00000000-0000-4000-8000-00000000e001/members/${w.login.other.user._id}`,
    }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    method: 'POST',
    url: '/v1/admin/enterprises/:id/topics',
    request: () => ({
      path: '/v1/admin/enterprises/00000000-0000-4000-8000-00000000e001/topics',
      body: { name: 'Pets', words: ['cat', 'dog'] },
    }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    method: 'DELETE',
    url: '/v1/admin/enterprises/:id/topics/:topicId',
    request: () => ({
      path: '/v1/admin/enterprises/00000000-0000-4000-8000-00000000e001/topics/00000000-0000-4000-8000-00000000e002',
    }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  { method: 'POST', url: '/v1/enterprise/fetchAssignedEnterpriseTopics', expect: SIGNED_IN() },
  {
    method: 'POST',
    url: '/v1/enterprise/CreateEnterpriseGame',
    // no one in this world belongs to an enterprise
    request: (w, a) => ({ body: { enterPriseCategory: 'Pets', userId: idOf(w, a) } }),
    expect: SIGNED_IN(403),
  },
  // last: it deletes the owner's account
  {
    method: 'DELETE',
    url: '/v1/users/profile',
    request: (w) => ({ body: { password: w.password } }),
    expect: REGISTERED(204),
  },
];

const matchBody = {
  language: 'English',
  difficulty: 'beginner',
  category: 'category_animals',
  role: 'either',
  gameTimer: '60',
};

/** the callers: a guest, two registered users (one owns a game) and an admin */
export async function buildWorld(url: string, smtp: SmtpPeer, adminEmail: string): Promise<World> {
  const password = 'matrix password 1';
  const reg = async (email?: string) => {
    const a = { ...newAccount('mx'), password };
    return registeredUser(url, smtp, email ? { ...a, email } : a);
  };
  const [user, other, admin, g] = await Promise.all([reg(), reg(), reg(adminEmail), guest(url)]);
  expect(admin.user.role).toBe('admin');
  const game = await api<{ _id: string }>(url, 'POST', '/v1/game', {
    token: user.token.accessToken,
    body: soloGameBody(user.user._id),
  });
  expect(game.status).toBe(200);
  return { login: { user, other, admin, guest: g }, password, userGameId: game.body._id };
}
