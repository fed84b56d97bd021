/** the bases a word could be a regular inflection of: cats → cat, boxes → box, tried → try, hopping → hop. */
export function regularBases(word: string): string[] {
  const bases: string[] = [];
  const add = (base: string) => {
    if (base.length >= 3 && !bases.includes(base)) bases.push(base);
  };
  const doubled = (stem: string) =>
    stem.length >= 2 && stem.at(-1) === stem.at(-2) && !/[aeiou]/.test(stem.at(-1)!);
  if (word.endsWith('ies') || word.endsWith('ied')) add(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) {
    add(word.slice(0, -1));
  }
  for (const suffix of ['ed', 'ing']) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    add(stem);
    add(`${stem}e`);
    if (doubled(stem)) add(stem.slice(0, -1));
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
