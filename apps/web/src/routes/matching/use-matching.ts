import { GAME_TIMER_SECONDS } from '@sayspell/core/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { setCurrentGameId } from '../../api/current-game-id.ts';
import { deleteUnfinishedGame } from '../../api/games.ts';
import { enterMatching, leaveMatching, leaveMatchingOnExit } from '../../api/matching.ts';
import { acquireSocket, releaseSocket } from '../../realtime/socket.ts';
import type { MatchSettings } from '../home/setup-options.ts';

// the player's place in the match queue (§4). the socket comes first: the server pairs only
// players it can reach, and tells the one who waited with `match-found` on private-{userId}.

export type MatchingState =
  | { kind: 'connecting' }
  | { kind: 'waiting' }
  | { kind: 'matched'; gameId: string }
  | { kind: 'error'; message: string };

export function useMatching(settings: MatchSettings, onMatched: (gameId: string) => void) {
  const [state, setState] = useState<MatchingState>({ kind: 'connecting' });
  const [attempt, setAttempt] = useState(0);
  // survives strict mode's remount, which is not leaving the page
  const session = useRef({
    matched: false,
    left: false,
    // one request at a time: a second entry sent before the first answers could outlive a match
    entering: false,
    pendingLeave: undefined as number | undefined,
  });
  const onMatchedRef = useRef(onMatched);
  onMatchedRef.current = onMatched;

  const matched = useCallback((gameId: string) => {
    const s = session.current;
    if (s.matched) return;
    s.matched = true;
    // paired just as the player walked away: end that game, so the partner is not left waiting
    if (s.left) {
      deleteUnfinishedGame(gameId).catch(() => {});
      return;
    }
    setCurrentGameId(gameId);
    setState({ kind: 'matched', gameId });
    onMatchedRef.current(gameId);
  }, []);

  const { language, difficulty, category, role } = settings;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) enters the queue again
  useEffect(() => {
    const s = session.current;
    window.clearTimeout(s.pendingLeave);
    s.left = false;
    const socket = acquireSocket();

    const enter = () => {
      if (s.matched || s.left || s.entering) return;
      s.entering = true;
      enterMatching({ language, difficulty, category, role, gameTimer: String(GAME_TIMER_SECONDS) })
        .then(
          (answer) => {
            if (answer.status === 'matched') matched(answer.game._id);
            else if (!s.matched) setState({ kind: 'waiting' });
          },
          (err: unknown) => {
            if (s.matched || s.left) return;
            setState({
              kind: 'error',
              message: err instanceof Error ? err.message : 'Something went wrong.',
            });
          },
        )
        .finally(() => {
          s.entering = false;
        });
    };
    const found = ({ gameId }: { gameId: string }) => matched(gameId);
    const onPageHide = () => {
      if (!s.matched) leaveMatchingOnExit();
    };
    // back from the browser's page cache: the entry went with pagehide, take the place again
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) enter();
    };

    socket.on('match-found', found);
    // (re)connected: take (or take back) our place; posting again replaces the entry
    socket.on('connect', enter);
    if (socket.connected) enter();
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);

    return () => {
      socket.off('match-found', found);
      socket.off('connect', enter);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      releaseSocket();
      s.pendingLeave = window.setTimeout(() => {
        const cancelled = s.left;
        s.left = true;
        if (!s.matched && !cancelled) leaveMatching().catch(() => {});
      }, 0);
    };
  }, [language, difficulty, category, role, matched, attempt]);

  /** leaves the queue; resolves once the server has let go of the entry */
  const cancel = useCallback(async () => {
    session.current.left = true;
    await leaveMatching().catch(() => {});
  }, []);

  const retry = useCallback(() => {
    setState({ kind: 'connecting' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, cancel, retry };
}
