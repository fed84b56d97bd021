import type { GameView } from '@sayspell/core/protocol/game';
import type { LoaderFunctionArgs } from 'react-router';
import { ApiRequestError } from '../../api/api-error.ts';
import { getCurrentGameId } from '../../api/current-game-id.ts';
import { getGame } from '../../api/games.ts';

export interface ResultsLoaderData {
  /** null when there is no game to show (no id and none played in this tab) */
  game: GameView | null;
}

/** /results/{id?}: the given game, else the last one this tab played */
export async function resultsLoader({ params, request }: LoaderFunctionArgs): Promise<ResultsLoaderData> {
  if (params.id) return { game: await getGame(params.id, request.signal) };
  const last = getCurrentGameId();
  if (!last) return { game: null };
  try {
    return { game: await getGame(last, request.signal) };
  } catch (err) {
    // the tab's last game is gone (left before the end): nothing to show, not an error
    if (err instanceof ApiRequestError && err.statusCode === 404) return { game: null };
    throw err;
  }
}
