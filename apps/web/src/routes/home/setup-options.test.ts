import { topicTextSchema } from '@sayspell/core/protocol/topics';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topicError } from './setup-options.ts';

// the home page checks a typed topic by hand (no zod in its download, issue 22); the server checks
// it with core's topicTextSchema. the two must agree on every text, word for word
function schemaAnswer(topic: string): string | null {
  const parsed = topicTextSchema.safeParse(topic);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

describe('topicError', () => {
  it('says what is wrong with a topic, in the server’s words', () => {
    expect(topicError('ocean animals')).toBeNull();
    expect(topicError("  rock 'n' roll-era ")).toBeNull();
    expect(topicError('Ökologie')).toBeNull();
    expect(topicError(' a ')).toBe('The topic must be at least 2 characters.');
    expect(topicError('a'.repeat(61))).toBe('The topic must be at most 60 characters.');
    expect(topicError('top 10 songs')).toBe('The topic must be words: letters, spaces, hyphens.');
    expect(topicError('-cats')).toBe('The topic must be words: letters, spaces, hyphens.');
    // an emoji is one character, as zod counts
    expect(topicError('😀')).toBe('The topic must be at least 2 characters.');
  });

  it('answers as core’s topicTextSchema does, for any text', () => {
    const pieces = fc.constantFrom(
      'a',
      'Z',
      'é',
      'ß',
      '字',
      ' ',
      '  ',
      '-',
      "'",
      '1',
      '!',
      '\t',
      'ocean',
      '😀',
      '😀😀',
    );
    const texts = fc.oneof(
      fc.string({ maxLength: 80, unit: 'grapheme' }),
      fc.array(pieces, { maxLength: 66 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(topicError(text)).toBe(schemaAnswer(text));
      }),
      { numRuns: 2000 },
    );
  });
});
