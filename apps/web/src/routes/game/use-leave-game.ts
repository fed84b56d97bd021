import { useEffect, useRef } from 'react';
import { deleteUnfinishedGame, deleteUnfinishedGameOnExit } from '../../api/games.ts';

/** leaving /game before the end deletes the unfinished game (§4): in-app or by closing the tab */
export function useLeaveGame(gameId: string, finished: boolean): { markFinished: () => void } {
  const finishedRef = useRef(finished);
  if (finished) finishedRef.current = true;
  const pending = useRef<number | undefined>(undefined);

  useEffect(() => {
    const onPageHide = () => {
      if (!finishedRef.current) deleteUnfinishedGameOnExit(gameId);
    };
    window.addEventListener('pagehide', onPageHide);
    // a remount right away (strict mode) is not leaving: cancel the delete it scheduled
    window.clearTimeout(pending.current);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      pending.current = window.setTimeout(() => {
        if (!finishedRef.current) deleteUnfinishedGame(gameId).catch(() => {});
      }, 0);
    };
  }, [gameId]);

  // the server said the game is over: leaving now is going to the results
  return { markFinished: () => (finishedRef.current = true) };
}
