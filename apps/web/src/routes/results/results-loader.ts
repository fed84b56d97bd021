import type { GameView } from '@sayspell/core/protocol/game';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiRequestError } from '../../api/api-error.ts';
import { profileQuery } from '../../api/auth.ts';
import { request } from '../../api/client.ts';
import { getCurrentGameId } from '../../api/current-game-id.ts';
import { getGame } from '../../api/games.ts';
import { queryClient } from '../../api/query-client.ts';
import { type HistoryPage, latestGameId } from '../../api/stats.ts';

export interface ResultsLoaderData {
  /** null when there is no game to show (no id, and no game played yet) */
  game: GameView | null;
  /** the signed-in player's id */
  me: string;
  /** the other player of a partnered game, when the history names them */
  partner: { _id: string; username: string } | null;
}

const isGone = (err: unknown) => err instanceof ApiRequestError && err.statusCode === 404;

/** /results/{id?}: the given game; without an id the last one this tab played, else the latest */
export async function resultsLoader({
  params,
  request: req,
}: LoaderFunctionArgs): Promise<ResultsLoaderData> {
  const { signal } = req;
  const user = await queryClient.ensureQueryData(profileQuery);
  const game = await findGame(params.id, signal);
  const partner = game && !game.solo ? await partnerOf(game._id, signal) : null;
  return { game, me: user._id, partner };
}

async function findGame(id: string | undefined, signal: AbortSignal): Promise<GameView | null> {
  if (id) return getGame(id, signal);
  const last = getCurrentGameId();
  if (last) {
    try {
      return await getGame(last, signal);
    } catch (err) {
      // the tab's last game is gone (left before the end): fall back to the latest finished one
      if (!isGone(err)) throw err;
    }
  }
  const latest = await latestGameId(signal);
  return latest ? getGame(latest, signal) : null;
}

// the history is read a page of 100 at a time until the game is found (an older game is not on
// the first page); at most 2,000 games back
const HISTORY_PAGE = 100;
const HISTORY_PAGES = 20;

/** the game view names players by id only; the history knows the partner's name */
export async function partnerOf(gameId: string, signal?: AbortSignal): Promise<ResultsLoaderData['partner']> {
  try {
    for (let page = 1; page <= HISTORY_PAGES; page++) {
      const found = await request<HistoryPage>(`/v1/history?page=${page}&pageSize=${HISTORY_PAGE}`, {
        signal,
      });
      const item = found.items.find((i) => i._id === gameId);
      if (item) return item.partner ?? null;
      if (found.items.length === 0 || page * HISTORY_PAGE >= found.total) return null;
    }
    return null;
  } catch {
    return null;
  }
}
