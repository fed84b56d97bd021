import { notifications } from '@mantine/notifications';
import type { GameView } from '@sayspell/core/protocol/game';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiRequestError } from '../../api/api-error.ts';
import { profileQuery } from '../../api/auth.ts';
import { clearCurrentGameId, getCurrentGameId } from '../../api/current-game-id.ts';
import { getGame } from '../../api/games.ts';
import { queryClient } from '../../api/query-client.ts';

export interface GameLoaderData {
  game: GameView;
  /** the signed-in player's id: which side of a partnered game they are on */
  me: string;
}

/** the tab's current game (§2: a created or loaded game moves the app to /game) */
export async function gameLoader({ request }: LoaderFunctionArgs): Promise<GameLoaderData | Response> {
  const id = getCurrentGameId();
  if (!id) return redirect('/');
  try {
    const [game, user] = await Promise.all([
      getGame(id, request.signal),
      queryClient.ensureQueryData(profileQuery),
    ]);
    if (game.finished) return redirect(`/results/${id}`);
    return { game, me: user._id };
  } catch (err) {
    if (!(err instanceof ApiRequestError) || (err.statusCode !== 404 && err.statusCode !== 403)) throw err;
    // the game is gone (deleted when the page was left) or not ours: start a new one from home
    clearCurrentGameId();
    notifications.show({
      color: 'orange',
      title: 'That game has ended',
      message: err.message,
      autoClose: 6000,
    });
    return redirect('/');
  }
}
