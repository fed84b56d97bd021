import { describe, expect, it } from 'vitest';
import { arpabetToIpa, countSyllables, parsePhonemes } from './arpabet.ts';

describe('arpabetToIpa', () => {
  it.each([
    ['K AE1 T', 'kæt'],
    ['SH IY1 P', 'ʃip'],
    ['TH IH1 NG', 'θɪŋ'],
    ['DH EH1 R', 'ðɛɹ'],
    ['JH AH1 JH', 'dʒʌdʒ'],
    ['CH ER1 CH', 'tʃɝtʃ'],
    ['B OY1', 'bɔɪ'],
    ['M AW1 S', 'maʊs'],
    ['Y UW1', 'ju'],
    ['M EH1 ZH ER0', 'ˈmɛʒɚ'],
  ])('%s → %s', (arpabet, ipa) => expect(arpabetToIpa(arpabet)).toBe(ipa));

  it('reduces unstressed AH and ER to schwas', () => {
    expect(arpabetToIpa('AH0 B AH1 V')).toBe('əˈbʌv');
    expect(arpabetToIpa('B AH1 T ER0')).toBe('ˈbʌtɚ');
  });

  it('marks primary and secondary stress before the syllable, keeping legal onsets together', () => {
    expect(arpabetToIpa('EH1 L AH0 F AH0 N T')).toBe('ˈɛləfənt');
    expect(arpabetToIpa('AH2 N D ER0 S T AE1 N D')).toBe('ˌʌndɚˈstænd');
    expect(arpabetToIpa('K AH0 N S T R AH1 K SH AH0 N')).toBe('kənˈstɹʌkʃən');
    expect(arpabetToIpa('B AH1 T ER0 F L AY2')).toBe('ˈbʌtɚˌflaɪ');
  });

  it('leaves one-syllable words unmarked', () => expect(arpabetToIpa('D AO1 G')).toBe('dɔɡ'));

  it('rejects symbols that are not ARPAbet', () => {
    expect(() => arpabetToIpa('K AE1 Q')).toThrow(/unknown/);
    expect(() => arpabetToIpa('K XX1 T')).toThrow(/unknown/);
  });
});

describe('countSyllables', () => {
  it.each([
    ['K AE1 T', 1],
    ['AE1 P AH0 L', 2],
    ['K AE2 NG G ER0 UW1', 3],
    ['HH IH2 P AH0 P AA1 T AH0 M AH0 S', 5],
  ])('%s has %i', (arpabet, syllables) => expect(countSyllables(arpabet)).toBe(syllables));

  it('counts vowels, not letters or consonants', () => {
    expect(parsePhonemes('S T R EH1 NG K TH S').filter((p) => p.stress === null)).toHaveLength(7);
    expect(countSyllables('S T R EH1 NG K TH S')).toBe(1);
  });
});
