export interface Base {
  base: string;
  /** -ed and -ing make verb forms only; -s makes plurals and verb forms. */
  verbOnly: boolean;
}

/** the bases a word could be a regular inflection of: cats → cat, boxes → box, tried → try, hopping → hop. */
export function regularBases(word: string): Base[] {
  const bases: Base[] = [];
  const add = (base: string, verbOnly = false) => {
    if (base.length >= 3 && !bases.some((b) => b.base === base)) bases.push({ base, verbOnly });
  };
  const doubled = (stem: string) =>
    stem.length >= 2 && stem.at(-1) === stem.at(-2) && !/[aeiou]/.test(stem.at(-1)!);
  if (word.endsWith('ies')) add(`${word.slice(0, -3)}y`);
  if (word.endsWith('ied')) add(`${word.slice(0, -3)}y`, true);
  if (word.endsWith('es')) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) {
    add(word.slice(0, -1));
  }
  for (const suffix of ['ed', 'ing']) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    add(stem, true);
    add(`${stem}e`, true);
    if (doubled(stem)) add(stem.slice(0, -1), true);
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
