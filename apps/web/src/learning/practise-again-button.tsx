import { Button } from '@mantine/core';
import type { GameView } from '@sayspell/core/protocol/game';
import { useMutation } from '@tanstack/react-query';
import { practiseAgain } from '../api/learning.ts';
import { notifyError } from '../api/notify-error.ts';
import { useStartPractice } from './use-start-practice.ts';

// the results page's 'Practise these again' (issue 17 item 6): the words this speller missed are
// due at once, and a practice game starts with them first

export function missedBy(game: GameView, me: string): number {
  if (!game.finished || game.speller?._id !== me) return 0;
  return game.words.filter((w) => w.correct === false && w.word).length;
}

export function PractiseAgainButton({ game, me }: { game: GameView; me: string }) {
  const practice = useStartPractice();
  const again = useMutation({
    mutationFn: () => practiseAgain(game._id),
    onSuccess: () => practice.start(game.language.name),
    onError: (err) => notifyError(err, 'Could not practise these words'),
  });
  const n = missedBy(game, me);
  if (n === 0) return null;
  return (
    <Button
      variant="light"
      size="md"
      fullWidth
      className="wrap-button"
      onClick={() => again.mutate()}
      loading={again.isPending || practice.pending}
      disabled={!practice.ready}
    >
      {n === 1 ? 'Practise this word again' : `Practise these again (${n})`}
    </Button>
  );
}
