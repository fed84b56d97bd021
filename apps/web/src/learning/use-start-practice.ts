import { CATEGORY_PRACTICE, GAME_TIMER_SECONDS } from '@sayspell/core/constants';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { profileQuery } from '../api/auth.ts';
import { languagesQuery } from '../api/config.ts';
import { setCurrentGameId } from '../api/current-game-id.ts';
import { createSoloGame } from '../api/games.ts';
import { notifyError } from '../api/notify-error.ts';

/** one tap to 'Practice my words': a solo game of the player's due words, then /game */
export function useStartPractice() {
  const navigate = useNavigate();
  const profile = useQuery(profileQuery);
  const languages = useQuery(languagesQuery);
  const start = useMutation({
    mutationFn: (language?: string) =>
      createSoloGame({
        language: language ?? languages.data?.find((l) => l.enabled)?.name ?? 'English',
        // the practice pool is the player's due words at any difficulty; the field is required
        difficulty: 'beginner',
        category: CATEGORY_PRACTICE,
        gameTimer: String(GAME_TIMER_SECONDS),
        solo: true,
        speller: profile.data?._id ?? '',
      }),
    onSuccess: (game) => {
      setCurrentGameId(game._id);
      navigate('/game');
    },
    onError: (err) => notifyError(err, 'Could not start the practice'),
  });
  return {
    start: (language?: string) => start.mutate(language),
    pending: start.isPending,
    ready: profile.data !== undefined,
  };
}
