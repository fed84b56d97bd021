import {
  GIFT_CARD_MIN_AVERAGE,
  GIFT_CARD_MIN_TOPICS,
  GIFT_CARD_MIN_WORDS_PER_GAME,
  GIFT_CARDS,
  LEADERBOARD_MIN_GAMES,
  LEADERBOARD_SIZE,
} from '@sayspell/core/constants';
import type { PlayerTotals } from './stats-repository.ts';

// the leaderboard and gift-card rules, as pure functions over the players' figures

export interface LeaderboardEntry {
  rank: number;
  _id: string;
  username: string;
  games: number;
  wordsSpelt: number;
  correct: number;
  accuracy: number;
}

/** ranked by accuracy, then words spelt, then games; only players with enough games */
export function rankPlayers(totals: PlayerTotals[], me: string) {
  const ranked = totals
    .filter((t) => t.games >= LEADERBOARD_MIN_GAMES && t.wordsSpelt > 0)
    .map((t) => ({ ...t, accuracy: t.correct / t.wordsSpelt }))
    .sort(
      (a, b) =>
        b.accuracy - a.accuracy ||
        b.wordsSpelt - a.wordsSpelt ||
        b.games - a.games ||
        a.username.localeCompare(b.username),
    )
    .map(
      (t, i): LeaderboardEntry => ({
        rank: i + 1,
        _id: t.userId,
        username: t.username,
        games: t.games,
        wordsSpelt: t.wordsSpelt,
        correct: t.correct,
        accuracy: Math.round(t.accuracy * 1000) / 1000,
      }),
    );
  const mine = ranked.find((e) => e._id === me) ?? null;
  return { minGames: LEADERBOARD_MIN_GAMES, entries: ranked.slice(0, LEADERBOARD_SIZE), me: mine };
}

interface GameFacts {
  solo: boolean;
  category: string;
  played: number;
  correct: number;
}

export function giftCardProgress(facts: {
  finished: GameFacts[];
  longEnough: GameFacts[];
  unfinished: number;
}) {
  const qualifying = facts.longEnough;
  const topics = new Set(qualifying.map((g) => g.category)).size;
  const average = qualifying.length
    ? qualifying.reduce((sum, g) => sum + g.correct / g.played, 0) / qualifying.length
    : 0;
  const conditions = {
    finishedEvery: { target: 0, value: facts.unfinished, met: facts.unfinished === 0 },
    wordsPerGame: {
      target: GIFT_CARD_MIN_WORDS_PER_GAME,
      value: qualifying.length,
      met: qualifying.length > 0 && qualifying.length === facts.finished.length,
    },
    topics: { target: GIFT_CARD_MIN_TOPICS, value: topics, met: topics >= GIFT_CARD_MIN_TOPICS },
    average: {
      target: GIFT_CARD_MIN_AVERAGE,
      value: Math.round(average * 1000) / 1000,
      met: average >= GIFT_CARD_MIN_AVERAGE,
    },
  };
  const allMet = Object.values(conditions).every((c) => c.met);
  const solo = qualifying.filter((g) => g.solo).length;
  const partnered = qualifying.length - solo;
  return {
    conditions,
    cards: GIFT_CARDS.map((c) => ({
      ...c,
      solo,
      partnered,
      earned: allMet && (solo >= c.soloTarget || partnered >= c.partneredTarget),
    })),
  };
}
