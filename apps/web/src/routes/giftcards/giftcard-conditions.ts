import {
  GIFT_CARD_MIN_AVERAGE,
  GIFT_CARD_MIN_TOPICS,
  GIFT_CARD_MIN_WORDS_PER_GAME,
} from '@sayspell/core/constants';
import type { GiftCardCondition, GiftCards } from '../../api/stats.ts';

// the four gift-card conditions (§9), in the spec's words, with what the player has done so far

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

export interface ConditionRow {
  key: keyof GiftCards['conditions'];
  label: string;
  describe: (c: GiftCardCondition) => string;
  /** what the condition means, where its name alone could mislead */
  rule?: string;
}

/** the server's rule (stats, docs/decisions.md 'Fair play: games') as a player reads it */
export const FINISH_RULE =
  'A game counts as unfinished when you leave it while its clock is still running: Leave game, a new game in its place, or closing the page and not coming back within a few seconds. A reload is fine, and a game whose time ran out or that your partner left never counts against you.';

export const CONDITIONS: ConditionRow[] = [
  {
    key: 'finishedEvery',
    label: 'Finish every game',
    rule: FINISH_RULE,
    describe: (c) => (c.value === 0 ? 'No unfinished games' : `${plural(c.value, 'unfinished game')}`),
  },
  {
    key: 'wordsPerGame',
    label: `Spell ${GIFT_CARD_MIN_WORDS_PER_GAME} or more words per game`,
    describe: (c) => `${plural(c.value, 'game')} with ${c.target} or more words`,
  },
  {
    key: 'topics',
    label: `Play ${GIFT_CARD_MIN_TOPICS} or more topics`,
    describe: (c) => `${c.value} of ${plural(c.target, 'topic')}`,
  },
  {
    key: 'average',
    label: `Average ${percent(GIFT_CARD_MIN_AVERAGE)} or higher`,
    describe: (c) => `${percent(c.value)} average so far`,
  },
];
