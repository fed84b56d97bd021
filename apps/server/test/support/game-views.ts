import { applyGameUpdate, isGameDelta } from '@sayspell/core/game/game-delta';
import type { GameUpdate, GameView, WordEntryView } from '@sayspell/core/protocol/game';
import type { ClientSocket } from '../harness.ts';

// a player's view of one game as the web keeps it: update-game brings full views (start, finish)
// and, after a guess, deltas (issue 16), folded with core's applyGameUpdate. a delta that does not
// follow the view held is a gap: counted, and mended as the web does, with a handshake (a full
// view). tests assert on the views, as they did when every update-game was one.

export interface GameViews {
  /** the view held now (null before the first full view) */
  readonly view: GameView | null;
  /** deltas that did not follow the view held (each one cost a resync) */
  readonly gaps: number;
  /** the deltas received, as sent */
  readonly deltas: GameUpdate[];
  /** a full view from elsewhere (a handshake's or a guess's acknowledgement) */
  seed(view: GameView): void;
  /** the view held as soon as `where` accepts it: now, or after the update-games to come */
  until(where: (v: GameView) => boolean, timeoutMs?: number): Promise<GameView>;
  stop(): void;
}

export function followGame(socket: ClientSocket, gameId: string, seed?: GameView): GameViews {
  let view: GameView | null = seed ?? null;
  let gaps = 0;
  const deltas: GameUpdate[] = [];
  const waiting = new Set<(v: GameView) => void>();

  const take = (update: GameUpdate): 'applied' | 'gap' | 'ignored' => {
    if (!view) {
      if (isGameDelta(update)) return 'gap';
      view = update;
      return 'applied';
    }
    const out = applyGameUpdate(view, update);
    if (out.kind === 'gap') return 'gap';
    if (out.kind !== 'applied') return 'ignored';
    view = out.view;
    return 'applied';
  };

  const resync = () => {
    socket
      .timeout(10_000)
      .emitWithAck('initiate-handshake', { gameId, channel: 'game' })
      .then((ack) => {
        if (ack.ok && take(ack.game) === 'applied') tell();
      })
      .catch(() => {});
  };

  const tell = () => {
    for (const w of [...waiting]) w(view!);
  };

  const listener = (update: GameUpdate) => {
    if (update._id !== gameId) return;
    if (isGameDelta(update)) deltas.push(update);
    const out = take(update);
    if (out === 'gap') {
      gaps++;
      resync();
    } else if (out === 'applied') tell();
  };
  socket.on('update-game', listener);

  return {
    get view() {
      return view;
    },
    get gaps() {
      return gaps;
    },
    deltas,
    seed(v) {
      if (take(v) === 'applied') tell();
    },
    until(where, timeoutMs = 10_000) {
      if (view && where(view)) return Promise.resolve(view);
      return new Promise((resolve, reject) => {
        const check = (v: GameView) => {
          if (!where(v)) return;
          clearTimeout(t);
          waiting.delete(check);
          resolve(v);
        };
        const t = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no update-game for game ${gameId} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
      });
    },
    stop() {
      socket.off('update-game', listener);
      waiting.clear();
    },
  };
}

/**
 * the view after one update, as the web folds it: a guess's acknowledgement is the speller's
 * update-game for that guess (a delta, or the full view when the guess finished the game)
 */
export function fold(view: GameView, update: GameUpdate): GameView {
  const out = applyGameUpdate(view, update);
  if (out.kind !== 'applied') throw new Error(`the update did not follow the view held: ${out.kind}`);
  return out.view;
}

/** the word a guess answered, as its acknowledgement shows it (a delta's entry, or the full view's) */
export function answered(update: GameUpdate, index: number): WordEntryView | undefined {
  if (!isGameDelta(update)) return update.words[index];
  return update.answered.index === index ? update.answered.entry : undefined;
}
