import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DATA_DIR } from './lexicon-dir.ts';

// each bank word's language of origin, for the spelling bee's "what is the language of origin?"
// (issue 17 item 5), read from GCIDE (Webster's 1913 and additions, Debian's dict-gcide). only a
// language name is kept, never the etymon: "from Latin elephantus" spells the word. the immediate
// source is named (the language English took the word from), except that a Latin form taken
// from Greek is Greek: Latin only transliterated those, and their spellings (ph, ch, y) are
// Greek's. words whose etymology is missing, hedged (perh., prob., cf.) or names no language
// known here are left out. run after build.ts, with dict-gcide installed:
//   node --import tsx data/pipeline/word-origins.ts → data/words/en-origins.json

const GCIDE = '/usr/share/dictd/gcide';

/** Webster's abbreviations → the language a player hears. "OE." is Webster's Old English, which
 * is Middle English today: a stage of English, not a source, so it is looked through */
const LANGUAGES: [abbreviation: string, name: string][] = [
  ['AS.', 'Old English'],
  ['Icel.', 'Old Norse'],
  ['OIcel.', 'Old Norse'],
  ['ON.', 'Old Norse'],
  ['Norm. F.', 'French'],
  ['OF.', 'French'],
  ['F.', 'French'],
  ['LL.', 'Latin'],
  ['ML.', 'Latin'],
  ['NL.', 'Latin'],
  ['L.', 'Latin'],
  ['LGr.', 'Greek'],
  ['NGr.', 'Greek'],
  ['Gr.', 'Greek'],
  ['It.', 'Italian'],
  ['Sp.', 'Spanish'],
  ['Pg.', 'Portuguese'],
  ['Ar.', 'Arabic'],
  ['OD.', 'Dutch'],
  ['D.', 'Dutch'],
  ['LG.', 'Low German'],
  ['OHG.', 'German'],
  ['MHG.', 'German'],
  ['G.', 'German'],
  ['Dan.', 'Danish'],
  ['Sw.', 'Swedish'],
  ['Norw.', 'Norwegian'],
  ['Heb.', 'Hebrew'],
  ['Per.', 'Persian'],
  ['Pers.', 'Persian'],
  ['Skr.', 'Sanskrit'],
  ['Hind.', 'Hindi'],
  ['Turk.', 'Turkish'],
  ['Russ.', 'Russian'],
  ['Chin.', 'Chinese'],
  ['Jap.', 'Japanese'],
  ['Malay', 'Malay'],
  ['Malayan', 'Malay'],
  ['German', 'German'],
  ['Gael.', 'Scottish Gaelic'],
  ['Ir.', 'Irish'],
  ['W.', 'Welsh'],
];
/** stages of English itself: looked through to what they came from */
const ENGLISH = ['OE.', 'ME.', 'E.', 'Scot.', 'Prov. E.', 'Prov. Eng.'];
const LATIN = 'Latin';
const GREEK = 'Greek';

/** every language name the file may hold: the data test checks against it */
export const ORIGIN_LANGUAGES = [...new Set(LANGUAGES.map(([, name]) => name))].sort();

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// longest first, so "OF." is not read as "F."; a token starts a word and is followed by a space,
// a comma or the end
const TOKEN = new RegExp(
  `(?<![A-Za-z.])(${[...LANGUAGES.map(([a]) => a), ...ENGLISH]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})(?=[\\s,:]|$)`,
  'g',
);
const NAME = new Map(LANGUAGES);

/** the source language of one Webster etymology (the text inside its brackets), or null */
export function originOf(etymology: string): string | null {
  const text = etymology.replace(/\s+/g, ' ').trim();
  // hedged or unknown: "where known" only
  if (/^(cf\.|perh\.|prob\.|probably|perhaps|see\b|of (uncertain|unknown|doubtful|obscure))/i.test(text)) {
    return null;
  }
  // "AS. pearroc, or perh. rather fr. F. parc": the source itself is in doubt
  if (/^[^;]*\bor (perh|prob|rather)/.test(text)) return null;
  // the chain of sources ends where cognates, guesses, cross references or a new sentence begin
  const chain =
    text.split(
      /;|:|\. (?=[A-Z][a-z]{2,}\b(?!\.))|\b(?:akin|cf\.|Cf\.|perh\.|prob\.|probably|perhaps|See)\b/,
    )[0] ?? '';
  const tokens = [...chain.matchAll(TOKEN)].map((m) => m[1] as string);
  const source = tokens.findIndex((t) => !ENGLISH.includes(t));
  // a chain that is only English ("OE. foo") names no source
  if (source < 0) return null;
  // the chain must start at its first token: "Typhus + -oid" or "From {Foo}" is an English making
  if (!chain.trimStart().startsWith(tokens[0] as string)) return null;
  const name = NAME.get(tokens[source] as string) ?? null;
  if (name === LATIN && tokens.slice(source + 1).some((t) => NAME.get(t) === GREEK)) return GREEK;
  return name;
}

/** a dictd index line's base64 numbers */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const b64 = (s: string) => [...s].reduce((n, c) => n * 64 + B64.indexOf(c), 0);

/** headwords of an entry's first line: "Piano \Pi*an"o\, Pianoforte \Pi*an"o*for`te\, n. [..." */
export function headwords(entry: string): string[] {
  const first = entry.split('\n', 1)[0] ?? '';
  return [...first.matchAll(/(?:^|,\s*)([A-Za-z][A-Za-z' -]*?) \\/g)].map((m) =>
    (m[1] as string).toLowerCase(),
  );
}

const SOURCE_TAG = /\[(?:\d{4} Webster|Webster|WordNet|Century|PJC|Chambers|RJC|Moby)/;
// pronunciation marks inside brackets: [=o], [aum], ['e], [thorn]; an etymology starts with a capital
const MARK = /\[[^[\]\sA-Z]{1,7}\]/g;
const LABEL =
  /^(Compar|Superl|Imp|Pl|Obs|R|Rare|Colloq|Archaic|Local|Slang|Vulgar|Poetic|Prov|Eng|Scot|U\. ?S|Law|Humorous|Cant|Low)\b/;

/** the etymology of one dictionary entry: the first bracket of its heading that is not a label */
export function etymologyOf(entry: string): string | null {
  const tag = entry.search(SOURCE_TAG);
  const head = (tag < 0 ? entry : entry.slice(0, tag)).replace(MARK, '');
  for (let i = head.indexOf('['); i >= 0; i = head.indexOf('[', i + 1)) {
    let depth = 0;
    let j = i;
    for (; j < head.length; j++) {
      if (head[j] === '[') depth++;
      else if (head[j] === ']' && --depth === 0) break;
    }
    const text = head
      .slice(i + 1, j)
      .replace(/\s+/g, ' ')
      .trim();
    i = j;
    if (!/^[A-Z]/.test(text) || LABEL.test(text)) continue; // inflections, usage labels
    return text;
  }
  return null;
}

// after the headword and its pronunciation: "Hold \\Hold\\ (h[=o]ld), v. t."
const POS_MARK: Record<string, RegExp> = {
  noun: /\\(?: \([^)]*\))?,? (?:pl\. )?n\./,
  verb: /\\(?: \([^)]*\))?,? v\. ?[it]\./,
  adjective: /\\(?: \([^)]*\))?,? a\./,
  adverb: /\\(?: \([^)]*\))?,? adv\./,
};

/** the language of origin of every word, from the entries filed under it */
export function wordOrigins(
  words: string[],
  entriesOf: (word: string) => string[],
  partOf: (word: string) => string | undefined = () => undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const word of words) {
    const entries = entriesOf(word).filter((e) => headwords(e).includes(word));
    const pos = POS_MARK[partOf(word) ?? ''];
    // the entry of the bank's part of speech first: "dove" the bird, not the past of dive
    const ordered = pos
      ? [...entries.filter((e) => pos.test(e)), ...entries.filter((e) => !pos.test(e))]
      : entries;
    const origin = originIn(ordered, entriesOf);
    if (origin && !revealing(origin, word)) out[word] = origin;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** the origin the first entry with an etymology gives; an etymology that only sends the reader
 * to another word ("See {Puppy}", "From {Loose}") is followed once */
function originIn(entries: string[], entriesOf: (word: string) => string[], follow = true): string | null {
  for (const entry of entries) {
    const etymology = etymologyOf(entry);
    if (!etymology) continue;
    const to = /^(?:See|From) (?:\d(?:st|nd|rd|th|d) )?\{([A-Za-z]+)\}[^;{]*$/
      .exec(etymology)?.[1]
      ?.toLowerCase();
    if (to && follow) {
      return originIn(
        entriesOf(to).filter((e) => headwords(e).includes(to)),
        entriesOf,
        false,
      );
    }
    return originOf(etymology);
  }
  return null;
}

/** an answer must not hold the word or four letters of it in a row ("old" and Old English) */
export function revealing(text: string, word: string): boolean {
  const t = text.toLowerCase();
  if (t.includes(word)) return true;
  for (let i = 0; i + 4 <= word.length; i++) if (t.includes(word.slice(i, i + 4))) return true;
  return false;
}

function readGcide(): (word: string) => string[] {
  const dict = gunzipSync(readFileSync(`${GCIDE}.dict.dz`));
  const byWord = new Map<string, string[]>();
  for (const line of readFileSync(`${GCIDE}.index`, 'utf8').split('\n')) {
    const [head, offset, length] = line.split('\t');
    if (!head || !offset || !length) continue;
    const key = head.toLowerCase();
    const start = b64(offset);
    const entry = dict.subarray(start, start + b64(length)).toString('utf8');
    byWord.set(key, [...(byWord.get(key) ?? []), entry]);
  }
  return (word) => byWord.get(word) ?? [];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bank = JSON.parse(readFileSync(path.join(DATA_DIR, 'words', 'en.json'), 'utf8')) as {
    words: { word: string }[];
  };
  const parts = JSON.parse(
    readFileSync(path.join(DATA_DIR, 'words', 'en-parts-of-speech.json'), 'utf8'),
  ) as Record<string, string>;
  const words = [...new Set(bank.words.map((w) => w.word))];
  const origins = wordOrigins(words, readGcide(), (w) => parts[w]);
  writeFileSync(path.join(DATA_DIR, 'words', 'en-origins.json'), `${JSON.stringify(origins, null, 0)}\n`);
  const tally: Record<string, number> = {};
  for (const o of Object.values(origins)) tally[o] = (tally[o] ?? 0) + 1;
  const sorted = Object.entries(tally).sort((a, b) => b[1] - a[1]);
  process.stdout.write(
    `${Object.keys(origins).length} of ${words.length} words: ${JSON.stringify(Object.fromEntries(sorted))}\n`,
  );
}
