import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTopicIndex, topicIndexFile } from './topic-index.ts';
import { offlineTopicProvider } from './topic-providers.ts';

// the offline generator with curated topics (data/topics/curated, issue 17), on a folder of this
// test's own so that the real lists can change without changing what is checked here
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sayspell-curated-'));
fs.writeFileSync(
  path.join(dir, 'test.txt'),
  [
    '# a comment',
    'kitchen gadgets | gizmos: peeler, whisk, kettle, toaster, blender, ladle, spatula, colander, grater, teapot, socks, zzzqx, kitchen',
    'baseball: bat, ball, glove, pitcher, catcher, inning, umpire, dugout, bullpen, mound, shortstop, outfield',
    'tiny: apple, pear',
    'ocean animals: shark, whale, dolphin, octopus, jellyfish, starfish, crab, lobster, squid, clam, oyster',
    'beasts: cat, dog, horse, cow, pig, sheep, goat, duck, hen, mouse, rabbit, lion, tiger, bear, wolf, fox, deer, camel, zebra, monkey, elephant, giraffe, kangaroo, koala, panda, otter, beaver, badger, squirrel, hedgehog, moose, bison, llama',
  ].join('\n'),
);
const index = readTopicIndex(topicIndexFile(), dir);
const words = (topic: string) => index.about(topic, 120).map((w) => w.word);

describe('curated topics in the offline generator', () => {
  it("plays a curated topic's words in its order, by any of its names, singular or plural", () => {
    const played = words('Kitchen Gadget');
    expect(played.slice(0, 3)).toEqual(['peeler', 'whisk', 'kettle']);
    expect(words('gizmos')).toEqual(played);
  });

  it('plays a plural the dictionary lacks as its singular, and drops what it does not hold', () => {
    const played = words('kitchen gadgets');
    expect(played).toContain('sock');
    expect(played).not.toContain('socks');
    expect(played).not.toContain('zzzqx');
  });

  it("takes the definition of the word's sense in the topic, and none with a blocked word in it", () => {
    const bat = index.about('baseball', 120).find((w) => w.word === 'bat');
    expect(bat?.definition).toMatch(/baseball|ball/);
    const peeler = index.about('kitchen gadgets', 120).find((w) => w.word === 'peeler');
    expect(peeler?.definition).toBe('');
    // the word bank's definition for a category the topic names (whale: not "a very large person")
    const sea = index.about('ocean animals', 120);
    expect(sea.find((w) => w.word === 'whale')?.definition).toMatch(/cetacean/);
    expect(sea.find((w) => w.word === 'octopus')?.definition).toMatch(/cephalopod/);
  });

  it("falls back to WordNet's words when a curated topic has too few", () => {
    expect(words('tiny')).not.toEqual(['apple', 'pear']);
  });

  it('leaves a topic no list names to WordNet', () => {
    const none = readTopicIndex(topicIndexFile(), path.join(dir, 'missing'));
    expect(words('volcanoes')).toEqual(none.about('volcanoes', 120).map((w) => w.word));
  });

  it('bands a curated list by its order: a beginner plays its first third, an advanced speller its last', async () => {
    const beasts = index.curated('beasts')!.map((w) => w.word);
    expect(beasts).toHaveLength(33);
    const provider = offlineTopicProvider(() => index);
    const beginner = await provider.wordsFor('beasts', { difficulty: 'beginner', count: 10 });
    expect(beginner.slice(0, 11)).toEqual(beasts.slice(0, 11));
    const advanced = await provider.wordsFor('beasts', { difficulty: 'advanced', count: 10 });
    expect(advanced.slice(0, 11)).toEqual(beasts.slice(22));
  });
});
