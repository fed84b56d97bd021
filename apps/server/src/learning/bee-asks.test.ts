import { describe, expect, it } from 'vitest';
import { originAnswer, partOfSpeechAnswer } from './bee-asks.ts';

describe('originAnswer', () => {
  it('names the language in a sentence', () => {
    expect(originAnswer('Latin', 'elephant')).toBe('This word comes from Latin.');
    expect(originAnswer(undefined, 'toenail')).toBe('The language of origin is not known.');
  });

  it('never says the word itself, even when the sentence holds it', () => {
    expect(originAnswer('Old English', 'word')).toBe('From Old English.');
    expect(originAnswer('Old English', 'come')).toBe('From Old English.');
    expect(originAnswer('French', 'from')).toBe('French.');
    expect(originAnswer(undefined, 'know')).toBe('That is not on record.');
    expect(originAnswer(undefined, 'not')).toBe('Unclear.');
    // a word every sentence holds: an answer with no letters rather than the word
    expect(originAnswer(undefined, 'n')).toBe('…');
    expect(originAnswer('Latin', 'in')).toBe('…');
    for (const word of [
      'word',
      'come',
      'from',
      'this',
      'know',
      'not',
      'record',
      'origin',
      'language',
      'n',
      'in',
    ]) {
      for (const origin of ['Latin', undefined]) {
        expect(originAnswer(origin, word).toLowerCase()).not.toContain(word);
      }
    }
  });
});

describe('partOfSpeechAnswer', () => {
  it('says a or an as the part needs', () => {
    expect(partOfSpeechAnswer('noun')).toBe('It is a noun.');
    expect(partOfSpeechAnswer('adjective')).toBe('It is an adjective.');
    expect(partOfSpeechAnswer('adverb')).toBe('It is an adverb.');
    expect(partOfSpeechAnswer(undefined)).toBe('The part of speech is not known.');
  });
});
