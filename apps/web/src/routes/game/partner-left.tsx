import { GameEndedCard } from './game-ended-card.tsx';

/** shown to the player who stayed when their partner left for good (§4), before the results */
export function PartnerLeft({ resultsId }: { resultsId: string | null }) {
  return (
    <GameEndedCard
      icon="M9 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21c0-4 3-6 7-6 1.5 0 2.8.3 4 .9M16 13l5 5M21 13l-5 5"
      title="Your partner left the game"
      text="The game is over. Here come the words you played together…"
      resultsId={resultsId}
      resultsState={{ partnerLeft: true }}
    />
  );
}
