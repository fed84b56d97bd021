// guess input and checking rules (§5)

/** what the guess input keeps of what was typed: letters a–z only, lower-cased, no spaces */
export function normalizeGuess(raw: string): string {
  return raw.toLowerCase().replace(/[^a-z]/g, '');
}

/** a guess is right when it equals the word or any homonym, ignoring case */
export function isCorrectGuess(guess: string, word: string, homonyms: readonly string[]): boolean {
  const g = guess.trim().toLowerCase();
  if (g === '') return false;
  return g === word.toLowerCase() || homonyms.some((h) => h.toLowerCase() === g);
}
