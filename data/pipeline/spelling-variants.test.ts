import { describe, expect, it } from 'vitest';
import { editDistance } from './spelling-variants.ts';

describe('editDistance', () => {
  it.each([
    ['color', 'colour', 1],
    ['centimeter', 'centimetre', 2],
    ['cat', 'cat', 0],
    ['sneak', 'sneaker', 2],
    ['', 'abc', 3],
  ])('%s → %s is %i', (a, b, distance) => expect(editDistance(a, b)).toBe(distance));
});
