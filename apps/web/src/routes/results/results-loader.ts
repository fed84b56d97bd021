import type { GameView } from '@sayspell/core/protocol/game';
import type { LoaderFunctionArgs } from 'react-router';
import { getGame } from '../../api/games.ts';
import { getCurrentGameId } from '../game/current-game-id.ts';

export interface ResultsLoaderData {
  /** null when there is no game to show (no id and none played in this tab) */
  game: GameView | null;
}

/** /results/{id?}: the given game, else the last one this tab played */
export async function resultsLoader({ params, request }: LoaderFunctionArgs): Promise<ResultsLoaderData> {
  const id = params.id ?? getCurrentGameId();
  if (!id) return { game: null };
  return { game: await getGame(id, request.signal) };
}
