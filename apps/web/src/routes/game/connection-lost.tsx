import { GameEndedCard } from './game-ended-card.tsx';

/** shown to the player whose network went away for longer than the game could wait (issue 20) */
export function ConnectionLost({ resultsId }: { resultsId: string | null }) {
  return (
    <GameEndedCard
      icon="M2 9a15 15 0 0 1 20 0M5.5 12.5a10 10 0 0 1 13 0M9 16a5 5 0 0 1 6 0M3 3l18 18"
      title="You lost the connection"
      text="The game waited for you, then ended. Here are the words you played together."
      resultsId={resultsId}
    />
  );
}
