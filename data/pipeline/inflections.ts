export interface Base {
  base: string;
  /** what the base must be: -s makes plurals and verb forms, -ed and -ing verb forms, -er and -est comparisons. */
  of: 'noun-or-verb' | 'verb' | 'adjective';
}

/** the bases a word could be a regular inflection of: cats → cat, tried → try, hopping → hop, bigger → big. */
export function regularBases(word: string): Base[] {
  const bases: Base[] = [];
  const add = (base: string, of: Base['of'] = 'noun-or-verb') => {
    if (base.length >= 3 && !bases.some((b) => b.base === base && b.of === of)) bases.push({ base, of });
  };
  const doubled = (stem: string) =>
    stem.length >= 2 && stem.at(-1) === stem.at(-2) && !/[aeiou]/.test(stem.at(-1)!);
  if (word.endsWith('ies')) add(`${word.slice(0, -3)}y`);
  if (word.endsWith('ied')) add(`${word.slice(0, -3)}y`, 'verb');
  if (word.endsWith('ier')) add(`${word.slice(0, -3)}y`, 'adjective');
  if (word.endsWith('iest')) add(`${word.slice(0, -4)}y`, 'adjective');
  if (word.endsWith('es')) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) {
    add(word.slice(0, -1));
  }
  const suffixes = [
    ['ed', 'verb'],
    ['ing', 'verb'],
    ['er', 'adjective'],
    ['est', 'adjective'],
  ] as const;
  for (const [suffix, of] of suffixes) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    add(stem, of);
    add(`${stem}e`, of);
    if (doubled(stem)) add(stem.slice(0, -1), of);
  }
  return bases;
}

/** `form base` pairs: went go, mice mouse… */
export function parseIrregularForms(lines: string[]): Map<string, string> {
  const forms = new Map<string, string>();
  for (const line of lines) {
    const [form, base] = line.split(/\s+/);
    if (form && base) forms.set(form, base);
  }
  return forms;
}
