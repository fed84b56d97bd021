// what makes a word hard to spell, read off an alignment of its letters to its CMU phonemes: sounds
// spelled an unusual way (the "ph" in phone, the "ough" in though), silent letters (knife, lamb),
// doubled consonants (accommodate), unstressed schwa vowels (any of a e i o u: separate), length and
// how rarely the word is met

/** graphemes for each phoneme (stress removed): the usual spellings, and less usual but known ones. */
const SPELLINGS: Record<string, [usual: string, unusual: string]> = {
  AA: ['o a', 'ah au aw ea al ow'],
  AE: ['a', 'ai au ah'],
  AH: ['u o', 'ou oo oe a e i'],
  AO: ['o au aw a', 'ough augh oa ou al'],
  AW: ['ou ow', 'ough au'],
  AY: ['i y igh ie ye', 'ai ei uy eye ay is'],
  EH: ['e', 'ea ai a ie ue eo ay'],
  ER: ['er ir ur or', 'ear our yr ar re err urr eur'],
  EY: ['a ai ay', 'ei ey ea eigh aigh e et ae au'],
  IH: ['i y', 'e ui o u ee ie a ea'],
  IY: ['ee ea e y', 'ie ei i ey eo ae oe ay is'],
  OW: ['o oa ow oe', 'ou ough eau ew au eo'],
  OY: ['oi oy', 'uoy'],
  UH: ['oo u', 'ou o'],
  UW: ['oo u ew ue', 'ui o ou oe ough eu wo ieu'],
  B: ['b', 'bh'],
  CH: ['ch tch', 't c cz'],
  D: ['d ed', 'dh'],
  DH: ['th', 'the'],
  F: ['f', 'ph gh'],
  G: ['g', 'gh gu gue'],
  HH: ['h', 'wh j'],
  JH: ['j g ge dg dge', 'd gg gi di'],
  K: ['k c ck', 'ch q que cq kh'],
  L: ['l', 'le'],
  M: ['m', 'mb mn lm gm'],
  N: ['n', 'kn gn pn mn'],
  NG: ['ng n', 'ngue'],
  P: ['p', 'ph'],
  R: ['r', 'wr rh'],
  S: ['s c ce', 'sc ps st se'],
  SH: ['sh', 'ti ci ssi si ch s sci ce'],
  T: ['t ed', 'th pt bt tw'],
  TH: ['th', ''],
  V: ['v', 'f'],
  W: ['w wh u', 'o'],
  Y: ['y i', 'j'],
  Z: ['z s', 'x ss se ze'],
  ZH: ['', 's g z si ge'],
};

/** graphemes for two phonemes at once: the x of box, the qu of queen, the u of cute. */
const PAIRS: Record<string, [usual: string, unusual: string]> = {
  'K S': ['x', 'cc xc'],
  'G Z': ['x', ''],
  'K W': ['qu', 'cu'],
  'Y UW': ['u ew eu ue', 'iew eau you'],
  'Y AH': ['u', 'io'],
  'Y ER': ['ur', ''],
  'W AH': ['', 'o'],
};

const COST = { usual: 0, unusual: 1, silentE: 0.2, silent: 1, doubled: 0.6, inserted: 0.5, fallback: 3 };

type Table = Map<string, Map<string, number>>; // phoneme(s) → grapheme → cost
const table = (spellings: Record<string, [string, string]>): Table =>
  new Map(
    Object.entries(spellings).map(([sound, [usual, unusual]]) => [
      sound,
      new Map([
        ...unusual
          .split(' ')
          .filter(Boolean)
          .map((g) => [g, COST.unusual] as const),
        ...usual
          .split(' ')
          .filter(Boolean)
          .map((g) => [g, COST.usual] as const),
      ]),
    ]),
  );
const SINGLE = table(SPELLINGS);
const DOUBLE = table(PAIRS);
const VOWEL_LETTERS = /[aeiouy]/;
/** an unstressed schwa may be spelled by any vowel: counted once, as a schwa, not as unusual too */
const SCHWA_SPELLINGS: Record<string, Set<string>> = {
  AH: new Set('a e i o u y ou io ia ai ei eo'.split(' ')),
  ER: new Set('ar er ir or ur yr our re ure'.split(' ')),
};

export interface SpellingTraits {
  /** sounds spelled an unusual way (1 each), or with no known spelling (3 each) */
  irregular: number;
  /** letters that spell no sound, a magic e aside */
  silent: number;
  /** doubled consonant letters spelling one sound */
  doubled: number;
  /** unstressed vowels whose letter the sound does not tell (schwa, r-coloured schwa) */
  schwa: number;
  letters: number;
}

type Step = {
  cost: number;
  kind: 'usual' | 'unusual' | 'fallback' | 'silent' | 'silentE' | 'doubled' | 'inserted';
};

/** the cheapest alignment of the word's letters to its phonemes, and what it had to use. */
export function spellingTraits(word: string, arpabet: string): SpellingTraits {
  const phones = arpabet.split(' ').map((p) => p.replace(/\d$/, ''));
  const stress = arpabet.split(' ').map((p) => p.match(/\d$/)?.[0] ?? '');
  const n = word.length;
  const m = phones.length;
  // best[i][j]: cheapest way to spell the first j phonemes with the first i letters
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
  const back = Array.from({ length: n + 1 }, () =>
    new Array<[number, number, Step] | null>(m + 1).fill(null),
  );
  best[0]![0] = 0;
  const relax = (i: number, j: number, i2: number, j2: number, step: Step) => {
    const cost = best[i]![j]! + step.cost;
    if (i2 <= n && j2 <= m && cost < best[i2]![j2]!) {
      best[i2]![j2] = cost;
      back[i2]![j2] = [i, j, step];
    }
  };
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      if (best[i]![j] === Infinity) continue;
      const phone = phones[j];
      for (let k = 1; k <= 4 && i + k <= n; k++) {
        const chunk = word.slice(i, i + k);
        if (phone !== undefined) {
          const schwa = stress[j] === '0' && SCHWA_SPELLINGS[phone]?.has(chunk);
          const cost = schwa ? COST.usual : SINGLE.get(phone)?.get(chunk);
          if (cost !== undefined) relax(i, j, i + k, j + 1, { cost, kind: cost ? 'unusual' : 'usual' });
          const pair = j + 1 < m ? DOUBLE.get(`${phone} ${phones[j + 1]}`)?.get(chunk) : undefined;
          if (pair !== undefined) relax(i, j, i + k, j + 2, { cost: pair, kind: pair ? 'unusual' : 'usual' });
        }
      }
      if (phone !== undefined && i + 2 <= n) {
        // a doubled consonant (ll, ss, tt) spelling the sound its single letter spells
        const [a, b] = [word[i]!, word[i + 1]!];
        if (a === b && !VOWEL_LETTERS.test(a) && SINGLE.get(phone)?.get(a) === COST.usual)
          relax(i, j, i + 2, j + 1, { cost: COST.doubled, kind: 'doubled' });
      }
      if (i < n) {
        // a final e, or the e closing a vowel-consonant-e syllable inside a word (some|one, home|work)
        const magic = i >= 2 && !VOWEL_LETTERS.test(word[i - 1]!) && VOWEL_LETTERS.test(word[i - 2]!);
        const silentE = word[i] === 'e' && (i === n - 1 || word.slice(i) === 'es' || magic);
        relax(
          i,
          j,
          i + 1,
          j,
          silentE ? { cost: COST.silentE, kind: 'silentE' } : { cost: COST.silent, kind: 'silent' },
        );
        if (phone !== undefined) relax(i, j, i + 1, j + 1, { cost: COST.fallback, kind: 'fallback' });
      }
      // a schwa no letter spells (the -le of table, the -sm of prism)
      if (phone === 'AH' && stress[j] === '0')
        relax(i, j, i, j + 1, { cost: COST.inserted, kind: 'inserted' });
      else if (phone !== undefined) relax(i, j, i, j + 1, { cost: COST.fallback, kind: 'fallback' });
    }
  }
  const traits: SpellingTraits = { irregular: 0, silent: 0, doubled: 0, schwa: 0, letters: n };
  for (let [i, j] = [n, m]; back[i]![j]; ) {
    const [pi, pj, step] = back[i]![j]!;
    if (step.kind === 'unusual') traits.irregular += 1;
    if (step.kind === 'fallback') traits.irregular += 3;
    if (step.kind === 'silent') traits.silent += 1;
    if (step.kind === 'doubled') traits.doubled += 1;
    [i, j] = [pi, pj];
  }
  traits.schwa = phones.filter((p, j) => (p === 'AH' || p === 'ER') && stress[j] === '0').length;
  return traits;
}

/** how much each trait adds to a word's difficulty; frequency counts per Zipf point below 6 */
export const WEIGHTS = { irregular: 1, silent: 1, doubled: 0.7, schwa: 0.6, letter: 0.2, rarity: 1 };
const PLAIN_LETTERS = 4;
const COMMON_ZIPF = 6;

/** a word's spelling difficulty: 0 for a short, common, regularly spelled word; about 2–12 in the bank */
export function difficultyScore(traits: SpellingTraits, zipf: number): number {
  const score =
    WEIGHTS.irregular * traits.irregular +
    WEIGHTS.silent * traits.silent +
    WEIGHTS.doubled * traits.doubled +
    WEIGHTS.schwa * traits.schwa +
    WEIGHTS.letter * Math.max(0, traits.letters - PLAIN_LETTERS) +
    WEIGHTS.rarity * Math.max(0, COMMON_ZIPF - zipf);
  // two decimals: the same on every machine, and the file stays small
  return Math.round(score * 100) / 100;
}
