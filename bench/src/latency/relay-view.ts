import fs from 'node:fs';
import path from 'node:path';

// what the relays send after a guess: a real partner's update-game view (game-view.json), cut to
// the words played so far, the same traffic a game makes

interface Entry {
  word: { word: string; ipa: string; homonyms: unknown[] } | null;
}
const full = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'game-view.json'), 'utf8')) as {
  words: Entry[];
  results?: unknown;
};
const { results: _results, ...base } = full;
const hidden = { word: null, guess: null, used: false, correct: null };

/** the view after guess `index`, as the server would send it */
export function viewAfter(gameId: string, index: number) {
  const next = index + 1;
  const words = full.words.map((w, j) => (j < next ? w : hidden));
  const finished = next >= words.length;
  const w = full.words[next]?.word;
  return {
    ...base,
    _id: gameId,
    status: finished ? 'finished' : 'started',
    finished,
    words,
    currentIndex: next,
    current: w
      ? {
          index: next,
          hasHomonyms: w.homonyms.length > 0,
          word: w.word,
          ipa: w.ipa,
          syllables: null,
          audio: null,
        }
      : null,
    ...(finished ? { results: words } : {}),
    version: next + 1,
    serverNow: Date.now(),
  };
}
