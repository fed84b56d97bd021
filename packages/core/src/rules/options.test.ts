import { describe, expect, it } from 'vitest';
import { categoryLabel, categoryName, categoryOptions, isRoleAllowed } from './options.ts';

describe('category options', () => {
  it('offers the enabled categories and shows the spec’s disabled ones as disabled', () => {
    const opts = categoryOptions();
    const disabled = opts.filter((o) => o.disabled).map((o) => o.value);
    expect(disabled.sort()).toEqual(
      ['home', 'people', 'sports', 'tech', 'travel', 'work'].map((n) => `category_${n}`),
    );
    expect(opts.find((o) => o.value === 'category_animals')).toEqual({
      value: 'category_animals',
      label: 'Animals',
      disabled: false,
    });
    expect(opts).toHaveLength(18);
  });

  it('maps a category value to a playable bank category', () => {
    expect(categoryName('category_random')).toBe('random');
    expect(categoryName('category_soundalikes')).toBe('soundalikes');
    expect(categoryName('category_sports')).toBeNull();
    expect(categoryName('animals')).toBeNull();
    expect(categoryName('category_')).toBeNull();
  });

  it('labels the part after the prefix, capitalised', () => {
    expect(categoryLabel('category_landscapes')).toBe('Landscapes');
  });
});

describe('roles', () => {
  it('allows only the speller in solo', () => {
    expect(isRoleAllowed('solo', 'speller')).toBe(true);
    expect(isRoleAllowed('solo', 'speaker')).toBe(false);
    expect(isRoleAllowed('solo', 'either')).toBe(false);
    expect(isRoleAllowed('multi', 'either')).toBe(true);
  });
});
