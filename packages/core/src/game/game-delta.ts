import type { GameDelta, GameUpdate, GameView } from '../protocol/game.ts';

// the small update-game a guess sends (issue 16): by definition the cut of the player's own full
// view (gameDelta), so it can hold nothing that view does not; the server builds the same from the
// state without the rest of the view (playerDelta in player-view.ts, held equal by a property
// test). the client folds it back into a full view; a client whose view is not the delta's `from`
// missed something and resyncs (its handshake answers a full view).

/**
 * the delta from version − 1 to `view` (the view of one player right after a guess), for the
 * guess that answered word `answered`
 */
export function gameDelta(view: GameView, answered: number): GameDelta {
  const entry = view.words[answered];
  if (!entry) throw new Error(`game ${view._id} has no word ${answered}`);
  return {
    _id: view._id,
    delta: true,
    from: view.version - 1,
    version: view.version,
    answered: { index: answered, entry },
    currentIndex: view.currentIndex,
    current: view.current,
    serverNow: view.serverNow,
  };
}

export const isGameDelta = (u: GameUpdate): u is GameDelta => 'delta' in u && u.delta === true;

/**
 * what an update does to the view a client holds:
 * - `applied`: the new full view
 * - `stale`: the client already has this version or a newer one (a duplicate, a late arrival)
 * - `gap`: a delta that does not start at the client's version: the client must resync
 * - `other`: an update of another game
 */
export type UpdateOutcome =
  | { kind: 'applied'; view: GameView }
  | { kind: 'stale' }
  | { kind: 'gap' }
  | { kind: 'other' };

export function applyGameDelta(view: GameView, delta: GameDelta): UpdateOutcome {
  if (delta._id !== view._id) return { kind: 'other' };
  if (delta.version <= view.version) return { kind: 'stale' };
  if (delta.from !== view.version || delta.answered.index >= view.words.length) return { kind: 'gap' };
  const words = view.words.slice();
  words[delta.answered.index] = delta.answered.entry;
  return {
    kind: 'applied',
    view: {
      ...view,
      words,
      currentIndex: delta.currentIndex,
      current: delta.current,
      version: delta.version,
      serverNow: delta.serverNow,
    },
  };
}

/** a full view replaces an older one; a delta is applied (see applyGameDelta) */
export function applyGameUpdate(view: GameView, update: GameUpdate): UpdateOutcome {
  if (isGameDelta(update)) return applyGameDelta(view, update);
  if (update._id !== view._id) return { kind: 'other' };
  // the same version again may carry a newer serverNow and a fresh audio link: take it
  return update.version >= view.version ? { kind: 'applied', view: update } : { kind: 'stale' };
}
