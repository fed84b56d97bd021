import { describe, expect, it } from 'vitest';
import { inviteName, mirroredRole, sortOnlineUsers } from '../rules/social.ts';
import { COUNTRIES, searchCountries, searchPhoneCountries } from './countries.ts';
import { sendChatSchema } from './social.ts';

const id = '6f1c1f3e-8a9b-4c2d-9e0f-1a2b3c4d5e6f';

describe('invite names (§5)', () => {
  it.each([
    ['ada', 'ADA'],
    ['fifteen_chars_x', 'FIFTEEN_CHARS_X'],
    ['sixteen_chars_xy', 'SIXTEEN_CHARS...'],
    ['a very long name indeed', 'A VERY LONG N...'],
  ])('%s → %s', (name, shown) => {
    expect(inviteName(name)).toBe(shown);
  });
});

describe('mirrored roles (§4)', () => {
  it.each([
    ['speaker', 'speller'],
    ['Speller', 'speaker'],
    ['either', 'either'],
  ])('%s → %s', (sent, received) => {
    expect(mirroredRole(sent)).toBe(received);
  });
});

describe('online users sort (§5)', () => {
  it('puts friends first, then orders by username ignoring case', () => {
    const list = [
      { username: 'zed', friend: false },
      { username: 'Bob', friend: true },
      { username: 'amy', friend: false },
      { username: 'al', friend: true },
    ];
    expect(sortOnlineUsers(list).map((u) => u.username)).toEqual(['al', 'Bob', 'amy', 'zed']);
  });
});

describe('chat messages (§5)', () => {
  it('trims, refuses empty and whitespace-only, and limits the length', () => {
    const parse = (message: string) => sendChatSchema.safeParse({ fromId: id, toId: id, message });
    expect(parse('  hi there ').data?.message).toBe('hi there');
    expect(parse('   \n ').success).toBe(false);
    expect(parse('').success).toBe(false);
    expect(parse('x'.repeat(500)).success).toBe(true);
    expect(parse('x'.repeat(501)).success).toBe(false);
  });
});

describe('country search (§5)', () => {
  it('matches a name or code prefix, ignoring case', () => {
    expect(searchCountries('fra').map((c) => c.code)).toContain('FR');
    expect(searchCountries('FR').map((c) => c.code)).toContain('FR');
    expect(searchCountries('rance')).toEqual([]);
    expect(searchCountries('').length).toBe(COUNTRIES.length);
  });

  it('finds phone countries by label, code or phone substring', () => {
    expect(searchPhoneCountries('+44').map((c) => c.code)).toContain('GB');
    expect(searchPhoneCountries('ingdom').map((c) => c.code)).toContain('GB');
  });
});
