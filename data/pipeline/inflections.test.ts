import { describe, expect, it } from 'vitest';
import { parseIrregularForms, regularBases } from './inflections.ts';

const bases = (word: string) => regularBases(word).map(({ base, of }) => `${base}:${of}`);

describe('regularBases', () => {
  it('undoes plurals and third persons', () => {
    expect(bases('cats')).toContain('cat:noun-or-verb');
    expect(bases('boxes')).toContain('box:noun-or-verb');
    expect(bases('berries')).toContain('berry:noun-or-verb');
  });

  it('undoes verb endings, with a dropped e or a doubled consonant', () => {
    expect(bases('tied')).toContain('tie:verb');
    expect(bases('hopping')).toContain('hop:verb');
    expect(bases('hoping')).toContain('hope:verb');
    expect(bases('tried')).toContain('try:verb');
  });

  it('undoes comparisons', () => {
    expect(bases('bigger')).toContain('big:adjective');
    expect(bases('happiest')).toContain('happy:adjective');
  });

  it('does not strip -s from words ending in ss, us or is', () => {
    expect(bases('glass')).toEqual([]);
    expect(bases('bus')).toEqual([]);
    expect(bases('axis')).toEqual([]);
  });

  it('offers no base shorter than three letters', () => expect(bases('sing')).toEqual([]));
});

describe('parseIrregularForms', () => {
  it('maps each form to its base', () => {
    const forms = parseIrregularForms(['went go', 'mice mouse', 'broken']);
    expect(forms.get('went')).toBe('go');
    expect(forms.get('mice')).toBe('mouse');
    expect(forms.size).toBe(2);
  });
});
