import { describe, expect, it } from 'vitest';
import { loadFrequencies } from './frequencies.ts';

describe('loadFrequencies', () => {
  const frequencies = loadFrequencies([
    { word: 'the', count: 1_000_000 },
    { word: 'Bill', count: 6000 },
    { word: 'cat', count: 50 },
  ]);

  it('counts whatever the case', () => {
    expect(frequencies.count('bill')).toBe(6000);
    expect(frequencies.count('dog')).toBe(0);
  });

  it('knows which words subtitles mostly capitalise', () => {
    expect(frequencies.mostlyCapitalised('bill')).toBe(true);
    expect(frequencies.mostlyCapitalised('cat')).toBe(false);
  });

  it('puts counts on the Zipf scale', () => {
    expect(frequencies.zipf('the')).toBeCloseTo(7.29, 1);
    expect(frequencies.zipf('cat')).toBeCloseTo(3, 0);
    expect(frequencies.zipf('the')).toBeGreaterThan(frequencies.zipf('cat'));
  });
});
