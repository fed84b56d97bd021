import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCENTS, PYTHON } from './pocketsphinx.ts';

const SCRIPT = path.join(import.meta.dirname, 'accents.py');
const available =
  spawnSync(PYTHON, ['-c', 'import ctypes; ctypes.CDLL("libespeak-ng.so.1")'], { stdio: 'ignore' }).status ===
  0;

type Found = Record<string, Record<string, { ipa: string; cmu: string }>>;
const lookUp = (...words: string[]): Found =>
  JSON.parse(execFileSync(PYTHON, [SCRIPT, ...words], { encoding: 'utf8' }));

describe.runIf(available)('accent pronunciations (eSpeak NG, mapped to CMU phones)', () => {
  it('says each word in every accent the server checks', () => {
    const found = lookUp('thirty');
    expect(Object.keys(found.thirty ?? {}).sort()).toEqual([...ACCENTS].sort());
  });

  it("gives the accents' own sounds where the CMU dictionary has only American ones", () => {
    const found = lookUp('thirty', 'letter', 'chair', 'mouth');
    // non-rhotic British English: no r at the end of 'letter' or 'chair'
    expect(found.letter?.en?.cmu).toBe('L EH T AH');
    expect(found.chair?.['en-gb-x-rp']?.cmu).toBe('CH EH');
    // Caribbean English says th as t
    expect(found.thirty?.['en-029']?.cmu).toBe('T ER T IY');
    expect(found.mouth?.['en-029']?.cmu).toBe('M AW T');
    // American English flaps the t of 'thirty'
    expect(found.thirty?.['en-us']?.cmu).toBe('TH ER D IY');
  });

  it('maps every word of a common list to CMU phones in every accent', () => {
    const words = [
      'after',
      'serious',
      'button',
      'bottle',
      'hour',
      'fire',
      'water',
      'little',
      'cheers',
      'tour',
    ];
    const found = lookUp(...words);
    for (const w of words) {
      for (const accent of ACCENTS) {
        expect(found[w]?.[accent]?.cmu, `${w} in ${accent}: ${found[w]?.[accent]?.ipa}`).toMatch(
          /^[A-Z]+( [A-Z]+)*$/,
        );
      }
    }
  });
});
