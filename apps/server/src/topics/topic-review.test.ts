import { describe, expect, it } from 'vitest';
import { readTopicSet, readVerdicts, soloGameWords } from './topic-sets.ts';

// the offline generator on the 30 review topics (data/topics/review-topics.json), as a solo game
// plays them: beginner, ten words after the dictionary check. each word has a reviewer's verdict
// (data/topics/review-verdicts.json, written up in data/TOPICS-REVIEW.md); a generator that now
// plays other words fails here until they are reviewed too

const words = soloGameWords();
const played = async (topic: string) => (await words(topic)).map((w) => w.word);
const shareOf = (verdicts: Record<string, Record<string, boolean>>) => {
  const all = Object.values(verdicts).flatMap((v) => Object.values(v));
  return all.filter(Boolean).length / all.length;
};

describe('offline topic generator, 30 reviewed topics (the regression set)', () => {
  const topics = readTopicSet('review');
  const verdicts = readVerdicts('review-verdicts.json');

  it('has a verdict for every review topic', () => {
    expect(topics).toHaveLength(30);
    expect(Object.keys(verdicts)).toEqual(topics);
  });

  it.each(topics)('%s plays the reviewed words', async (topic) => {
    expect(await played(topic)).toEqual(Object.keys(verdicts[topic] ?? {}));
  });

  // the share reported in data/TOPICS-REVIEW.md (66 % before issue 17, 99.7 % with the curated
  // topics); a re-review that lowers it below nine in ten fails here
  it('nine words in ten are on topic', () => expect(shareOf(verdicts)).toBeGreaterThanOrEqual(0.9));
});

// topics written down and judged on the generator as it was (…-verdicts-before.json) before it
// was changed: the first set (42 topics, 68 % before) was then looked at while changing it, the
// second (40 topics, judged after the first round) only once at the end of that round, then tuned
// on in the fourth review; the third (44 topics, 66 % before) was measured once, at the end of it
// (all three tuned on in the fifth review, the fourth measured once at its end). games: how many
// topics give the ten words a game needs (a smaller topic is refused with its message)
describe.each([
  { name: 'first holdout set', file: 'holdout', before: 0.68, now: 0.97, games: 41 },
  { name: 'second holdout set', file: 'holdout-2', before: 0.8, now: 0.95, games: 33 },
  { name: 'third holdout set', file: 'holdout-3', before: 0.67, now: 0.98, games: 40 },
  // written down and judged before the fifth review's changes, measured once at its end
  { name: 'fourth holdout set', file: 'holdout-4', before: 0.69, now: 0.97, games: 43 },
  // judged once, on the generator as it is (no change came after, so no "before" file): the fifth
  // was written down after the fifth review's changes, the sixth on 2026-11-27; measures of the
  // generator on topics it was never tuned on
  { name: 'fifth holdout set', file: 'holdout-5', now: 0.96, games: 44 },
  { name: 'sixth holdout set', file: 'holdout-6', now: 0.97, games: 43 },
  // issue 17's seventh review (the curated topics, data/topics/curated): the sets above have been
  // tuned on since (every one of their topics has a curated list). the seventh and eighth were
  // written down by helpers that saw neither the lists nor the generator, and judged by others
  // that were not told which source a word came from. the seventh measured the lists' first
  // version once (63 → 84 %) and was then looked at; the eighth measured the pruned lists once
  // (two judges; a word counts as on topic only when both accepted it)
  { name: 'seventh holdout set', file: 'holdout-7', before: 0.63, now: 0.93, games: 38 },
  { name: 'eighth holdout set', file: 'holdout-8', before: 0.5, now: 0.9, games: 27 },
] as { name: string; file: string; before?: number; now: number; games: number }[])(
  'offline topic generator, $name',
  ({ file, before, now, games }) => {
    const topics = readTopicSet(file);
    const verdicts = readVerdicts(`${file}-verdicts.json`);

    it('has a verdict for every topic', () => {
      expect(topics.length).toBeGreaterThanOrEqual(40);
      expect(Object.keys(verdicts)).toEqual(topics);
    });

    it.each(topics)('%s plays the reviewed words', async (topic) => {
      expect(await played(topic)).toEqual(Object.keys(verdicts[topic] ?? {}));
    });

    it.runIf(before !== undefined)('plays more words on topic than before the change', () => {
      const old = readVerdicts(`${file}-verdicts-before.json`);
      expect(shareOf(old)).toBeLessThan((before ?? 0) + 0.01);
    });

    it('plays as many words on topic as when judged', () => {
      expect(shareOf(verdicts)).toBeGreaterThanOrEqual(now);
    });

    it('gives as many topics a game as when reviewed', () => {
      expect(
        Object.values(verdicts).filter((v) => Object.keys(v).length >= 10).length,
      ).toBeGreaterThanOrEqual(games);
    });
  },
);
