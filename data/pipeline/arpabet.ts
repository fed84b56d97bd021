// ARPAbet (as used by the CMU dict) to broad American IPA, after the table on Wikipedia's ARPABET page.

const VOWELS: Record<string, string> = {
  AA: 'ɑ',
  AE: 'æ',
  AH: 'ʌ',
  AO: 'ɔ',
  AW: 'aʊ',
  AY: 'aɪ',
  EH: 'ɛ',
  ER: 'ɝ',
  EY: 'eɪ',
  IH: 'ɪ',
  IY: 'i',
  OW: 'oʊ',
  OY: 'ɔɪ',
  UH: 'ʊ',
  UW: 'u',
};

/** unstressed AH and ER are the reduced vowels schwa and r-coloured schwa. */
const UNSTRESSED: Record<string, string> = { AH: 'ə', ER: 'ɚ' };

const CONSONANTS: Record<string, string> = {
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  P: 'p',
  R: 'ɹ',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
};

/** onsets a syllable may start with, in IPA; used to place stress marks before a syllable. */
const ONSETS = new Set(
  [
    'pl pɹ tɹ kl kɹ bl bɹ dɹ ɡl ɡɹ fl fɹ θɹ ʃɹ sl sm sn sp st sk sw tw kw dw ɡw θw pj bj fj vj mj kj hj',
    'spl spɹ stɹ skɹ skw skl spj skj',
  ]
    .join(' ')
    .split(' '),
);

export interface Phoneme {
  ipa: string;
  /** 0 unstressed, 1 primary, 2 secondary; null for consonants. */
  stress: number | null;
}

export function parsePhonemes(arpabet: string): Phoneme[] {
  return arpabet
    .trim()
    .split(/\s+/)
    .map((token) => {
      const match = /^([A-Z]+)([012])?$/.exec(token);
      const base = match?.[1] ?? '';
      const digit = match?.[2];
      if (digit !== undefined) {
        const vowel = VOWELS[base];
        if (!vowel) throw new Error(`unknown ARPAbet vowel ${token}`);
        const stress = Number(digit);
        return { ipa: (stress === 0 ? UNSTRESSED[base] : undefined) ?? vowel, stress };
      }
      const consonant = CONSONANTS[base];
      if (!consonant) throw new Error(`unknown ARPAbet phoneme ${token}`);
      return { ipa: consonant, stress: null };
    });
}

export function countSyllables(arpabet: string): number {
  return parsePhonemes(arpabet).filter((p) => p.stress !== null).length;
}

/** where the syllable holding the vowel at `vowel` starts: the longest legal onset before it. */
function syllableStart(phonemes: Phoneme[], vowel: number, previousVowel: number): number {
  let start = vowel;
  while (start - 1 > previousVowel && phonemes[start - 1]!.stress === null) {
    const onset = phonemes
      .slice(start - 1, vowel)
      .map((p) => p.ipa)
      .join('');
    if (vowel - (start - 1) > 1 ? !ONSETS.has(onset) : onset === 'ŋ') break;
    start--;
  }
  return start;
}

/** IPA with stress marks before stressed syllables; one-syllable words carry no mark. */
export function arpabetToIpa(arpabet: string): string {
  const phonemes = parsePhonemes(arpabet);
  const vowels = phonemes.flatMap((p, i) => (p.stress === null ? [] : [i]));
  const marks = new Map<number, string>();
  if (vowels.length > 1) {
    vowels.forEach((vowel, n) => {
      const stress = phonemes[vowel]!.stress;
      if (stress === 0) return;
      const start = n === 0 ? 0 : syllableStart(phonemes, vowel, vowels[n - 1]!);
      marks.set(start, stress === 1 ? 'ˈ' : 'ˌ');
    });
  }
  return phonemes.map((p, i) => (marks.get(i) ?? '') + p.ipa).join('');
}
