import { PRODUCT } from '@sayspell/core/constants';
import { useEffect } from 'react';

// the tab's title (issue 15 item 9): while playing, the word and the time left (a player in another
// tab sees the clock); otherwise a badge with unread chats and open invites

const parts: { game: string | null; badge: number } = { game: null, badge: 0 };

export function tabTitle({ game, badge }: { game: string | null; badge: number }): string {
  if (game) return `${game} · ${PRODUCT}`;
  return badge > 0 ? `(${badge}) ${PRODUCT}` : PRODUCT;
}

function write() {
  document.title = tabTitle(parts);
}

/** the game's part: e.g. 'Word 3 of 10 · 42 s left'; null when no word is being played */
export function useGameTitle(text: string | null) {
  useEffect(() => {
    parts.game = text;
    write();
  }, [text]);
  useEffect(
    () => () => {
      parts.game = null;
      write();
    },
    [],
  );
}

/** the social part: unread chats and invites waiting for an answer */
export function useBadgeTitle(count: number) {
  useEffect(() => {
    parts.badge = count;
    write();
  }, [count]);
  useEffect(
    () => () => {
      parts.badge = 0;
      write();
    },
    [],
  );
}
