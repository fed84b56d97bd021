// parsers for single lines of the WordNet database files (see wndb(5WN)).

/** 'a' and 's' (satellite adjective) synsets both live in data.adj. */
export type SynsetType = 'n' | 'v' | 'a' | 's' | 'r';
export type FilePos = 'n' | 'v' | 'a' | 'r';

export interface SynsetWord {
  /** as written in WordNet: may hold capitals and underscores, adjective markers removed. */
  lemma: string;
  lexId: number;
}

export interface Pointer {
  symbol: string;
  offset: number;
  pos: FilePos;
}

export interface Synset {
  offset: number;
  lexFile: number;
  type: SynsetType;
  words: SynsetWord[];
  pointers: Pointer[];
  gloss: string;
}

export interface IndexEntry {
  lemma: string;
  pos: FilePos;
  /** ordered by sense number: the most frequent sense first. */
  offsets: number[];
}

export function filePos(type: SynsetType): FilePos {
  return type === 's' ? 'a' : type;
}

/** the licence header lines start with spaces; they yield null. */
export function parseDataLine(line: string): Synset | null {
  if (line.length === 0 || line.startsWith(' ')) return null;
  const bar = line.indexOf(' | ');
  const head = (bar < 0 ? line : line.slice(0, bar)).trim().split(' ');
  const gloss = bar < 0 ? '' : line.slice(bar + 3).trim();
  let i = 0;
  const next = (): string => {
    const token = head[i++];
    if (token === undefined) throw new Error(`truncated data line: ${line.slice(0, 40)}`);
    return token;
  };
  const offset = Number(next());
  const lexFile = Number(next());
  const type = next() as SynsetType;
  const wordCount = Number.parseInt(next(), 16);
  const words: SynsetWord[] = [];
  for (let w = 0; w < wordCount; w++) {
    const lemma = next().replace(/\((a|p|ip)\)$/, '');
    words.push({ lemma, lexId: Number.parseInt(next(), 16) });
  }
  const pointerCount = Number(next());
  const pointers: Pointer[] = [];
  for (let p = 0; p < pointerCount; p++) {
    const symbol = next();
    const target = Number(next());
    const pos = filePos(next() as SynsetType);
    next(); // source/target word numbers: unused
    pointers.push({ symbol, offset: target, pos });
  }
  return { offset, lexFile, type, words, pointers, gloss };
}

export function parseIndexLine(line: string): IndexEntry | null {
  if (line.length === 0 || line.startsWith(' ')) return null;
  const tokens = line.trim().split(' ');
  const [lemma, pos, synsetCount, pointerCount] = tokens;
  if (!lemma || !pos || !synsetCount || !pointerCount) throw new Error(`bad index line: ${line}`);
  const count = Number(synsetCount);
  // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
  const offsetsStart = 4 + Number(pointerCount) + 2;
  const offsets = tokens.slice(offsetsStart, offsetsStart + count).map(Number);
  return { lemma, pos: pos as FilePos, offsets };
}
