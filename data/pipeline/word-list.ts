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
