import fs from 'node:fs';

/** one entry a line; `#` starts a comment, blank lines are skipped. */
export function parseWordList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim().toLowerCase())
    .filter((line) => line.length > 0);
}

export function readWordList(file: string): string[] {
  return parseWordList(fs.readFileSync(file, 'utf8'));
}

/** a word list split by `[section]` headings; words before the first heading are ignored. */
export function parseSections(text: string): Map<string, Set<string>> {
  const sections = new Map<string, Set<string>>();
  let current: Set<string> | undefined;
  for (const entry of parseWordList(text)) {
    const heading = /^\[(.+)\]$/.exec(entry);
    if (heading) {
      current = sections.get(heading[1]!) ?? new Set();
      sections.set(heading[1]!, current);
    } else {
      current?.add(entry);
    }
  }
  return sections;
}
