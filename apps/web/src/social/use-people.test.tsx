import type { OnlineUser, PeopleAnswer } from '@sayspell/core/protocol/social';
import { act, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { ChatsContext, PresenceContext } from './social-contexts.tsx';
import { onlineUser, person } from './social-test-kit.tsx';
import type { Chats } from './use-chats.ts';
import { PEOPLE_REFETCH_MS, usePeople } from './use-people.ts';
import type { Presence } from './use-presence.ts';

// issue 22: a classroom of 40 behind one address moves the online list all the time; the players
// card must not fetch GET /v1/people for each move. the online list and the unread counts are set
// here as the stores would give them, the clock is the test's, the REST answers are read at call time

function Probe({ into }: { into: { current: PeopleAnswer | undefined } }) {
  into.current = usePeople();
  return null;
}

function world(people: PeopleAnswer) {
  storeTokens('local', { accessToken: 'a', refreshToken: 'r' });
  const server = { people };
  const answers: Record<string, unknown> = {};
  Object.defineProperty(answers, 'GET /v1/people', { get: () => server.people, enumerable: true });
  const { fetchMock, calls } = mockFetch(answers);
  vi.stubGlobal('fetch', fetchMock);
  const seen: { current: PeopleAnswer | undefined } = { current: undefined };
  const ui = (online: OnlineUser[], unread: Record<string, number>): ReactNode => {
    const presence: Presence = { online, refresh() {}, toggleFriend: async () => {} };
    const chats: Chats = { chatWith: null, unread, openChat() {}, closeChat() {}, clearUnread() {} };
    return (
      <PresenceContext.Provider value={presence}>
        <ChatsContext.Provider value={chats}>
          <Probe into={seen} />
        </ChatsContext.Provider>
      </PresenceContext.Provider>
    );
  };
  let now = { online: [] as OnlineUser[], unread: {} as Record<string, number> };
  const view = renderWithProviders(ui(now.online, now.unread));
  return {
    server,
    seen,
    fetches: () => calls.filter((c) => c.path === '/v1/people').length,
    /** the online list or the unread counts move, as a presence or chat event would move them */
    move(to: { online?: OnlineUser[]; unread?: Record<string, number> }) {
      now = { ...now, ...to };
      act(() => view.rerender(ui(now.online, now.unread)));
    },
    /** more than a refetch wait goes by */
    async later() {
      await act(() => vi.advanceTimersByTimeAsync(PEOPLE_REFETCH_MS * 3));
    },
  };
}

const strangers = Array.from({ length: 20 }, (_, i) => onlineUser(`kid${i}`));
const zed = onlineUser('zed', { friend: true });

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the people lists under a busy online list', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval'] });
  });
  afterEach(() => {
    setVisibility('visible');
    vi.useRealTimers();
  });

  it('20 strangers coming, playing and going fetch nothing; a burst of 10 moves of a friend, one fetch', async () => {
    const w = world({ friends: [person('zed', { friend: true, online: true })], blocked: [], unread: [] });
    w.move({ online: [zed] });
    await waitFor(() => expect(w.seen.current?.friends).toHaveLength(1));
    expect(w.fetches()).toBe(1);

    for (let i = 0; i < strangers.length; i++) {
      const kid = strangers[i] as OnlineUser;
      w.move({ online: [zed, ...strangers.slice(0, i), { ...kid, inGame: i % 2 === 0 }] });
    }
    w.move({ online: [zed] });
    await w.later();
    expect(w.fetches()).toBe(1);

    // in a game and out, gone and back: one fetch, once the burst is over
    for (let i = 0; i < 9; i++) {
      w.move({ online: i % 3 === 2 ? [] : [{ ...zed, inGame: i % 3 === 0 }] });
    }
    w.server.people = { friends: [person('zed', { friend: true, online: false })], blocked: [], unread: [] };
    w.move({ online: [] });
    await w.later();
    await waitFor(() => expect(w.seen.current?.friends[0]?.online).toBe(false));
    await w.later();
    expect(w.fetches()).toBe(2);
  });

  it('a friend coming online or starting a game shows at once, without a fetch', async () => {
    const w = world({
      friends: [person('amy', { friend: true }), person('zed', { friend: true })],
      blocked: [],
      unread: [],
    });
    await waitFor(() => expect(w.seen.current?.friends).toHaveLength(2));
    w.move({ online: [{ ...zed, inGame: true }] });
    // online friends first
    expect(w.seen.current?.friends.map((p) => [p.username, p.online, p.inGame])).toEqual([
      ['zed', true, true],
      ['amy', false, false],
    ]);
    await w.later();
    expect(w.fetches()).toBe(1);
  });

  it('a hidden tab fetches nothing; seen again, it fetches once', async () => {
    const w = world({ friends: [person('zed', { friend: true, online: true })], blocked: [], unread: [] });
    w.move({ online: [zed] });
    await waitFor(() => expect(w.seen.current?.friends).toHaveLength(1));
    setVisibility('hidden');
    w.move({ online: [] });
    w.move({ online: [zed] });
    w.move({ online: [] });
    await w.later();
    expect(w.fetches()).toBe(1);
    setVisibility('visible');
    await waitFor(() => expect(w.fetches()).toBe(2));
    await w.later();
    expect(w.fetches()).toBe(2);
  });

  it('a heart or a block given elsewhere is fetched once; a difference a fetch does not mend, not again', async () => {
    const w = world({ friends: [], blocked: [], unread: [] });
    await waitFor(() => expect(w.seen.current).toBeDefined());
    const kid = strangers[0] as OnlineUser;
    w.server.people = { friends: [person('kid0', { friend: true, online: true })], blocked: [], unread: [] };
    w.move({ online: [{ ...kid, friend: true }] });
    await w.later();
    await waitFor(() => expect(w.seen.current?.friends.map((p) => p.username)).toEqual(['kid0']));
    expect(w.fetches()).toBe(2);

    // the server's friends list leaves one out (say a removed account): no fetch after fetch
    const bob = onlineUser('bob', { blocked: true });
    w.move({ online: [{ ...kid, friend: true }, bob] });
    await w.later();
    await waitFor(() => expect(w.fetches()).toBe(3));
    w.move({
      online: [
        { ...kid, friend: true },
        { ...bob, inGame: true },
      ],
    });
    w.move({ online: [{ ...kid, friend: true, inGame: true }, bob] });
    await w.later();
    expect(w.fetches()).toBe(3);
  });

  it('someone who wrote and left is fetched once, to keep their chat on the list', async () => {
    const w = world({ friends: [], blocked: [], unread: [] });
    await waitFor(() => expect(w.seen.current).toBeDefined());
    const kid = strangers[3] as OnlineUser;
    w.move({ online: [kid], unread: { [kid._id]: 1 } });
    w.move({ unread: { [kid._id]: 2 } });
    await w.later();
    expect(w.fetches()).toBe(1);
    w.server.people = { friends: [], blocked: [], unread: [person('kid3', { unread: 2 })] };
    w.move({ online: [] });
    await w.later();
    await waitFor(() => expect(w.seen.current?.unread.map((p) => p.username)).toEqual(['kid3']));
    await w.later();
    expect(w.fetches()).toBe(2);
  });
});
