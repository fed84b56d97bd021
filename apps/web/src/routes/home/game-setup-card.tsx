import { Card, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { profileQuery } from '../../api/auth.ts';
import { languagesQuery } from '../../api/config.ts';
import { setCurrentGameId } from '../../api/current-game-id.ts';
import { createSoloGame } from '../../api/games.ts';
import { notifyError } from '../../api/notify-error.ts';
import { GameSetupForm } from './game-setup-form.tsx';
import { matchingPath, matchSettings, type SetupValues, soloGamePayload } from './setup-options.ts';

/** the setup card: creates a solo game and moves to /game (§2), or looks for a partner */
export function GameSetupCard() {
  const navigate = useNavigate();
  const profile = useQuery(profileQuery);
  const languages = useQuery(languagesQuery);
  const start = useMutation({
    mutationFn: (values: SetupValues) => createSoloGame(soloGamePayload(values, profile.data!._id)),
    onSuccess: (game) => {
      setCurrentGameId(game._id);
      navigate('/game');
    },
    onError: (err) => notifyError(err, 'Could not start the game'),
  });

  return (
    <Card p={{ base: 'lg', sm: 'xl' }} shadow="md">
      <Title order={2} fz="h3" mb="md">
        Set up your game
      </Title>
      <GameSetupForm
        languages={languages.data}
        ready={profile.data !== undefined}
        starting={start.isPending || start.isSuccess}
        onStart={(values) =>
          values.mode === 'solo' ? start.mutate(values) : navigate(matchingPath(matchSettings(values)))
        }
      />
    </Card>
  );
}
