import { describe, expect, it } from 'vitest';
import { exampleFor, splitGloss } from './gloss.ts';

describe('splitGloss', () => {
  it('separates the definition from quoted examples', () => {
    expect(
      splitGloss('an area within a building; "the rooms were very small"; "a room with a view"'),
    ).toEqual({
      definition: 'an area within a building',
      examples: ['the rooms were very small', 'a room with a view'],
    });
  });

  it('keeps semicolons that belong to the definition', () => {
    expect(splitGloss('feline mammal: domestic cats; wildcats')).toEqual({
      definition: 'feline mammal: domestic cats; wildcats',
      examples: [],
    });
  });

  it('drops attributions after an example', () => {
    expect(
      splitGloss('a special group; "a committee is a group that keeps minutes" - Milton Berle').examples,
    ).toEqual(['a committee is a group that keeps minutes']);
  });
});

describe('exampleFor', () => {
  const examples = ['the rooms were very small', 'book a room with a view'];

  it('picks the first example with the word itself', () => {
    expect(exampleFor('room', examples)).toBe('book a room with a view');
  });

  it('does not count a longer word that contains it', () => {
    expect(exampleFor('roo', examples)).toBeNull();
  });

  it('ignores case', () => expect(exampleFor('cat', ['Cat got your tongue?'])).toBe('Cat got your tongue?'));
});
