import type { OnlineUser, PeopleAnswer, Person } from '@sayspell/core/protocol/social';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { peopleKey } from './people-key.ts';
import { fetchPeople } from './social-api.ts';
import { useChats, usePresence } from './social-contexts.tsx';

// friends, blocked players and unread chats, offline ones too (issue 15 item 5). a classroom of
// 40 players behind one address moves the online list all the time, so the list is not fetched on
// every move (issue 22): who of mine comes online or starts or leaves a game is read from the online
// list as it is; a fetch is needed only when one of mine goes offline, when a heart or a block
// differs from the lists, or when someone who wrote to me is gone and not on the unread list. such
// fetches wait PEOPLE_REFETCH_MS and take every change of that while along (one fetch, trailing),
// and wait for the tab to be seen again. a heart or a block given here marks the list stale at once
// (use-presence, use-blocking)

export { peopleKey };

/** the longest a change of mine waits for the fetch it needs; at most one fetch in this time */
export const PEOPLE_REFETCH_MS = 2_000;

const ids = (list: Person[]) => new Set(list.map((p) => p._id));

/**
 * what the online list or the unread counts say that the people answer does not: a heart or a
 * block that differs, someone gone who wrote to me and is not on the unread list ('' when none)
 */
export function peopleDifferences(
  people: PeopleAnswer,
  online: OnlineUser[],
  unread: Record<string, number>,
) {
  const friends = ids(people.friends);
  const blocked = ids(people.blocked);
  const out: string[] = [];
  for (const u of online) {
    if (u.friend !== friends.has(u._id)) out.push(`friend:${u._id}`);
    // blocked is either way; with blockedMe it cannot tell whether I blocked them too
    if (!u.blockedMe && u.blocked !== blocked.has(u._id)) out.push(`block:${u._id}`);
  }
  const here = new Set(online.map((u) => u._id));
  const writers = ids(people.unread);
  for (const [id, n] of Object.entries(unread)) {
    if (n > 0 && !here.has(id) && !writers.has(id)) out.push(`unread:${id}`);
  }
  return out.sort().join(' ');
}

/** one of the players on my lists was online and is not any more */
export function mineLeft(people: PeopleAnswer, before: OnlineUser[], after: OnlineUser[]) {
  const mine = new Set([...ids(people.friends), ...ids(people.blocked), ...ids(people.unread)]);
  const here = new Set(after.map((u) => u._id));
  return before.some((u) => mine.has(u._id) && !here.has(u._id));
}

/** the people answer with who is online now as the online list has them (online friends first) */
export function withPresence(people: PeopleAnswer, online: OnlineUser[]): PeopleAnswer {
  const live = new Map(online.map((u) => [u._id, u]));
  const now = (p: Person): Person => {
    const u = live.get(p._id);
    return u ? { ...p, ...u, online: true } : p;
  };
  const friends = people.friends.map(now);
  return {
    friends: [...friends.filter((p) => p.online), ...friends.filter((p) => !p.online)],
    blocked: people.blocked.map(now),
    unread: people.unread.map(now),
  };
}

const hidden = () => document.visibilityState === 'hidden';
const noOne: OnlineUser[] = [];
const noCounts: Record<string, number> = {};

export function usePeople(): PeopleAnswer | undefined {
  const presence = usePresence();
  const chats = useChats();
  const client = useQueryClient();
  const now = useRef({ online: noOne, unread: noCounts, data: undefined as PeopleAnswer | undefined });
  /** the online list and the counts as they were when the last fetch set out */
  const asked = useRef<{ online: OnlineUser[]; unread: Record<string, number> } | null>(null);
  const people = useQuery({
    queryKey: peopleKey,
    queryFn: () => {
      asked.current = now.current;
      return fetchPeople();
    },
    staleTime: 0,
    // a tab seen again fetches only if a change of mine came while it was hidden
    refetchOnWindowFocus: false,
  });
  const online = presence?.online ?? noOne;
  const unread = chats?.unread ?? noCounts;
  const data = people.data;
  now.current = { data, online, unread };

  const timer = useRef<number | undefined>(undefined);
  /** one of mine went offline since the last fetch (a change the lists cannot show by themselves) */
  const left = useRef(false);
  /** a change came while the tab was hidden */
  const missed = useRef(false);
  /** the differences the last answer left standing: a fetch does not mend them, so none is asked for */
  const settled = useRef('');
  // each answer, the same as the last one too (the query then keeps the old object); measured
  // against the lists as they were when it was asked for: what changed since is still to fetch
  const answered = people.dataUpdatedAt;
  useEffect(() => {
    const { data } = now.current;
    const then = asked.current ?? now.current;
    if (data && answered) settled.current = peopleDifferences(data, then.online, then.unread);
  }, [answered]);

  const stale = useCallback((people: PeopleAnswer, online: OnlineUser[], unread: Record<string, number>) => {
    if (left.current) return true;
    const differences = peopleDifferences(people, online, unread);
    return differences !== '' && differences !== settled.current;
  }, []);

  const fetchIfStale = useCallback(() => {
    timer.current = undefined;
    if (hidden()) {
      missed.current = true;
      return;
    }
    missed.current = false;
    // a heart or a block fetched meanwhile (they mark the list stale at once) leaves nothing to do
    const { data, online, unread } = now.current;
    if (data && !stale(data, online, unread)) return;
    left.current = false;
    void client.invalidateQueries({ queryKey: peopleKey });
  }, [client, stale]);

  const before = useRef(online);
  useEffect(() => {
    const was = before.current;
    before.current = online;
    const { data } = now.current;
    // before the first answer, the fetch under way reads the lists as they are
    if (!data) return;
    if (mineLeft(data, was, online)) left.current = true;
    if (!stale(data, online, unread)) return;
    if (hidden()) missed.current = true;
    else timer.current ??= window.setTimeout(fetchIfStale, PEOPLE_REFETCH_MS);
  }, [online, unread, stale, fetchIfStale]);

  useEffect(() => {
    const seen = () => {
      if (!hidden() && missed.current && timer.current === undefined) fetchIfStale();
    };
    document.addEventListener('visibilitychange', seen);
    return () => {
      document.removeEventListener('visibilitychange', seen);
      window.clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [fetchIfStale]);

  return useMemo(() => data && withPresence(data, online), [data, online]);
}
