// when a word comes back: leitner boxes. a miss puts the word in box 0 (back tomorrow); each right
// answer moves it up a box and doubles the wait. chosen over fsrs/sm-2: it needs nothing but the
// guesses we have (no self-graded ease), is easy to explain on a progress page, and has no
// dependency to keep up.

export const DAY_MS = 24 * 60 * 60 * 1000;
/** days to wait in each box */
export const BOX_DAYS = [1, 2, 4, 8, 16, 32] as const;
export const TOP_BOX = BOX_DAYS.length - 1;

export interface Schedule {
  box: number;
  /** null: never missed, so never scheduled for practice */
  dueAt: number | null;
}

/** the schedule after one guess at time now */
export function nextSchedule(before: Schedule | null, right: boolean, now: number): Schedule {
  if (!right) return { box: 0, dueAt: now + BOX_DAYS[0] * DAY_MS };
  // a word spelled right the first time it was met needs no practice
  if (!before || before.dueAt === null) return { box: before?.box ?? 0, dueAt: null };
  const box = Math.min(before.box + 1, TOP_BOX);
  return { box, dueAt: now + (BOX_DAYS[box] ?? 32) * DAY_MS };
}

/** a word is due once its time has come (any time on that day counts as today) */
export function isDue(s: Schedule, now: number): boolean {
  return s.dueAt !== null && s.dueAt <= now;
}
