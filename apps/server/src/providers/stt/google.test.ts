import { describe, expect, it } from 'vitest';
import { judge } from './google.ts';

const night = { word: 'night', homophones: ['knight'] };

describe('judge (Google transcripts)', () => {
  it('matches the word or a homophone, in any alternative', () => {
    expect(
      judge({ results: [{ alternatives: [{ transcript: 'Night.', confidence: 0.9 }] }] }, night),
    ).toEqual({
      heard: 'night',
      match: true,
      confidence: 0.9,
      verdict: 'right',
    });
    expect(judge({ results: [{ alternatives: [{ transcript: 'knight' }] }] }, night).match).toBe(true);
    const second = judge(
      { results: [{ alternatives: [{ transcript: 'nice', confidence: 0.7 }, { transcript: 'night' }] }] },
      night,
    );
    expect(second).toMatchObject({ heard: 'night', match: true });
    expect(second.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('refuses other words and phrases, and hears nothing in an empty answer', () => {
    expect(
      judge({ results: [{ alternatives: [{ transcript: 'bite', confidence: 0.95 }] }] }, night),
    ).toMatchObject({
      heard: 'bite',
      match: false,
      verdict: 'wrong',
    });
    expect(judge({ results: [{ alternatives: [{ transcript: 'good night' }] }] }, night).match).toBe(false);
    const nothing = { heard: '', match: false, confidence: 0, verdict: 'unsure' };
    expect(judge({}, night)).toEqual(nothing);
    expect(judge({ results: [{}] }, night)).toEqual(nothing);
  });

  it('is unsure, not wrong, when google doubts its own transcript', () => {
    expect(
      judge({ results: [{ alternatives: [{ transcript: 'nice', confidence: 0.3 }] }] }, night),
    ).toMatchObject({ heard: 'nice', match: false, verdict: 'unsure' });
  });
});
