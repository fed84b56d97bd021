import { describe, expect, it } from 'vitest';
import { isPlayer, partnerOf } from './players.ts';

const partnered = { spellerId: 'speller', speakerId: 'speaker' };
const solo = { spellerId: 'speller', speakerId: null };

describe('isPlayer', () => {
  it.each([
    [partnered, 'speller', true],
    [partnered, 'speaker', true],
    [partnered, 'stranger', false],
    [solo, 'speller', true],
    [solo, 'stranger', false],
  ])('%o, %s → %s', (game, userId, expected) => {
    expect(isPlayer(game, userId)).toBe(expected);
  });
});

describe('partnerOf', () => {
  it('is the other player of a partnered game', () => {
    expect(partnerOf(partnered, 'speller')).toBe('speaker');
    expect(partnerOf(partnered, 'speaker')).toBe('speller');
  });
  it('is nobody for a stranger or in a solo game', () => {
    expect(partnerOf(partnered, 'stranger')).toBeNull();
    expect(partnerOf(solo, 'speller')).toBeNull();
  });
});
