// score and its colour (§5)

export type ScoreColor = 'bad' | 'meh' | 'good';

export function scoreColor(ratio: number): ScoreColor {
  if (ratio < 0.4) return 'bad';
  if (ratio < 0.6) return 'meh';
  return 'good';
}

export interface Score {
  correct: number;
  played: number;
  /** correct / played, 0–1; NaN when nothing was played */
  ratio: number;
}

export function computeScore(words: readonly { used: boolean; correct: boolean | null }[]): Score {
  const played = words.filter((w) => w.used).length;
  const correct = words.filter((w) => w.used && w.correct === true).length;
  return { correct, played, ratio: correct / played };
}

/** the score shows only if its percent is finite or both parts are non-zero */
export function isScoreShown(score: Score): boolean {
  return Number.isFinite(score.ratio) || (score.correct !== 0 && score.played !== 0);
}
