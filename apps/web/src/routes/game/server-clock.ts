import type { GameView } from '@sayspell/core/protocol/game';

// where a game stands at a given server time. the server owns the deadlines; the client only
// shows them, corrected by its clock offset to the server

export type Phase =
  | { kind: 'waiting' }
  | { kind: 'countdown'; seconds: number }
  | { kind: 'playing'; secondsLeft: number; totalSeconds: number }
  | { kind: 'over' };

export function gamePhase(game: GameView, serverNow: number): Phase {
  if (game.finished || game.status === 'finished') return { kind: 'over' };
  if (game.status === 'created' || game.startsAt === null || game.endsAt === null) return { kind: 'waiting' };
  if (serverNow < game.startsAt)
    return { kind: 'countdown', seconds: Math.ceil((game.startsAt - serverNow) / 1000) };
  if (serverNow < game.endsAt) {
    return {
      kind: 'playing',
      secondsLeft: Math.ceil((game.endsAt - serverNow) / 1000),
      totalSeconds: Math.round((game.endsAt - game.startsAt) / 1000),
    };
  }
  // time is up; the server finishes the game and tells us
  return { kind: 'over' };
}

/** minutes:seconds, seconds padded to two digits (§9) */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** ms until the next whole second counted from `anchor` (the game's start), so ticks line up */
export function msToNextTick(anchor: number, serverNow: number): number {
  const rest = (((anchor - serverNow) % 1000) + 1000) % 1000;
  return rest === 0 ? 1000 : rest;
}
