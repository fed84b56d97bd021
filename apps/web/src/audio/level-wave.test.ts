import { describe, expect, it } from 'vitest';
import { levelOf } from './level-wave.tsx';

describe('levelOf', () => {
  it('reads silence as 0, a full-scale signal as 100 and -30 dBFS as half way', () => {
    expect(levelOf(new Float32Array(256))).toBe(0);
    expect(levelOf(new Float32Array(0))).toBe(0);
    expect(levelOf(new Float32Array(256).fill(1))).toBe(100);
    expect(levelOf(new Float32Array(256).fill(10 ** (-30 / 20)))).toBe(50);
    // below -60 dBFS is nothing a person would call sound
    expect(levelOf(new Float32Array(256).fill(0.0001))).toBe(0);
  });
});
