import type { UserView } from '@sayspell/core/protocol/auth';
import type { InviteView, OnlineUser, PeopleAnswer, Person } from '@sayspell/core/protocol/social';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { storeTokens } from '../auth/token-storage.ts';
import { resetFakeSocket } from '../test/fake-socket.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { SocialContexts, type SocialState } from './social-contexts.tsx';
import { SocialStores } from './social-provider.tsx';

// the social tests' world: a signed-in player, the server's socket faked by protocol, its REST
// answers by path, and the app's router (the social layer follows /game).
// the test file mocks the socket: vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'))

export const ME = '7f1c0a4e-6d0b-4c55-9d3e-1a2b3c4d5e6f';
export const me = { _id: ME, id: ME, username: 'ada', role: 'user' } as UserView;

export function onlineUser(username: string, over: Partial<OnlineUser> = {}): OnlineUser {
  return {
    _id: `id-${username}`,
    username,
    role: 'user',
    friend: false,
    inGame: false,
    blocked: false,
    blockedMe: false,
    picture: null,
    ...over,
  };
}

/** a player on the friends, blocked or unread lists */
export function person(username: string, over: Partial<Person> = {}): Person {
  return { ...onlineUser(username), online: false, unread: 0, ...over };
}

export function inviteFrom(username: string, over: Partial<InviteView> = {}): InviteView {
  const _id = `id-${username}`;
  return {
    _id: `invite-${username}`,
    user: { id: _id, _id, username },
    name: username,
    role: 'Speaker',
    category: 'Animals',
    settings: { category: 'category_animals', role: 'speaker' },
    createdAt: 1,
    expiresAt: Date.now() + 30_000,
    ...over,
  };
}

/** the REST answers a test can change as it goes (members in, their profiles out) */
export interface SocialServer {
  online: OnlineUser[];
  pending: InviteView[];
  unread: Record<string, number>;
  people: PeopleAnswer;
}

/** the social layer as the app mounts it (components/social-mount.tsx), its stores loaded at once */
function SocialProvider({ me, children }: { me: UserView; children: ReactNode }) {
  const [state, setState] = useState<SocialState | null>(null);
  return (
    <>
      <SocialContexts state={state}>{children}</SocialContexts>
      <SocialStores me={me} onChange={setState} />
    </>
  );
}

export function renderSocial(
  ui: ReactNode,
  opts: { path?: string; members?: string[]; people?: Partial<PeopleAnswer> } = {},
) {
  storeTokens('local', { accessToken: 'a', refreshToken: 'r' });
  const socket = resetFakeSocket();
  socket.answers.subscribe = () => ({ ok: true, members: opts.members ?? [ME] });
  socket.answers['invite-response'] = () => ({ ok: true });
  socket.answers['invite-cancel'] = () => ({ ok: true });
  const server: SocialServer = {
    online: [],
    pending: [],
    unread: {},
    // what GET /v1/people answers from the first fetch on (the card fetches it again only when
    // the online list or the unread counts tell of a change)
    people: { friends: [], blocked: [], unread: [], ...opts.people },
  };
  const answers: Record<string, unknown> = {};
  const { fetchMock, calls } = mockFetch(answers);
  // answers read at call time: a test changes `server` and the next fetch sees it
  Object.defineProperties(answers, {
    'POST /v1/profiles': { get: () => ({ onlineUsers: server.online }), enumerable: true },
    'GET /v1/invites': { get: () => ({ received: server.pending, sent: [] }), enumerable: true },
    'GET /v1/chat/unread': { get: () => ({ counts: server.unread }), enumerable: true },
    'GET /v1/people': { get: () => server.people, enumerable: true },
    'POST /v1/users/block-user': { value: { iBlocked: [], blockedMe: [] }, enumerable: true },
    'POST /v1/users/unblock-user': { value: { iBlocked: [], blockedMe: [] }, enumerable: true },
    'POST /v1/users/add-friend': { value: { friends: [] }, enumerable: true },
    'POST /v1/report-user': { value: { ok: true }, enumerable: true },
    'POST /v1/pusher/ingamecheck': { value: { ok: true }, enumerable: true },
    'POST /v1/users/confirm-eula': { value: { hasConfirmedEULA: true }, enumerable: true },
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/', element: <SocialProvider me={me}>{ui}</SocialProvider> },
      { path: '/game', element: <SocialProvider me={me}>{ui}</SocialProvider> },
    ],
    { initialEntries: [opts.path ?? '/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { socket, server, calls, router, answers };
}

function HookProbe<T>({ use, into }: { use: () => T; into: { current: T | null } }) {
  into.current = use();
  return null;
}

/** an element that keeps what a hook returns, for a test to read and call */
export function capture<T>(use: () => T) {
  const box: { current: T | null } = { current: null };
  /** the value, once the provider has rendered */
  const get = (): NonNullable<T> => {
    if (!box.current) throw new Error('not rendered yet');
    return box.current as NonNullable<T>;
  };
  return { probe: <HookProbe use={use} into={box} />, get };
}
