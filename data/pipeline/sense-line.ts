import type { SynsetType } from './wordnet-line.ts';

export interface SenseEntry {
  lemma: string;
  type: SynsetType;
  offset: number;
  /** how often SemCor tagged this sense: 0 when the sense was never seen in the corpus. */
  tagCount: number;
}

const TYPES: Record<string, SynsetType> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 's' };

/** one line of index.sense: `lemma%ss_type:lex_filenum:lex_id:head:head_id offset sense_number tag_cnt`. */
export function parseSenseLine(line: string): SenseEntry | null {
  const [key, offset, , tagCount] = line.trim().split(' ');
  if (!key || !offset || tagCount === undefined) return null;
  const [lemma, lexSense] = key.split('%');
  const type = TYPES[lexSense?.charAt(0) ?? ''];
  if (!lemma || !type) return null;
  return { lemma, type, offset: Number(offset), tagCount: Number(tagCount) };
}
