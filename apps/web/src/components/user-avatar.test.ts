import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AVATAR_HUES } from './user-avatar.tsx';

// WCAG relative luminance and contrast ratio
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('avatar initials', () => {
  it('read at 4.5:1 or better on every hue a name can get', () => {
    for (const hue of AVATAR_HUES) {
      const shades = DEFAULT_THEME.colors[hue];
      expect(contrast(shades[9], shades[0]), hue).toBeGreaterThanOrEqual(4.5);
    }
  });
});
