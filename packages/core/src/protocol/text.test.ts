import { describe, expect, it } from 'vitest';
import { nameSchema } from './account.ts';
import { sendChatSchema } from './social.ts';
import { textProblem } from './text.ts';

// names and messages people read: no controls, no reordering, nothing invisible passing for text

const chat = (message: string) =>
  sendChatSchema.safeParse({
    fromId: '00000000-0000-4000-8000-000000000001',
    toId: '00000000-0000-4000-8000-000000000002',
    message,
  });

describe('text people read', () => {
  it('refuses control characters, with a sentence', () => {
    expect(textProblem('a\u0000b', 'A name', 'name')).toBe('A name cannot contain control characters.');
    expect(textProblem('line\u0007', 'A message', 'message')).toBe(
      'A message cannot contain control characters.',
    );
    expect(textProblem('two\nlines\tand a tab', 'A message', 'message')).toBeUndefined();
    expect(textProblem('two\nlines', 'A name', 'name')).toBe('A name cannot contain control characters.');
  });

  it('refuses right-to-left overrides and isolates', () => {
    expect(textProblem('admin\u202Egnp.exe', 'A name', 'name')).toBe(
      'A name cannot contain right-to-left override characters.',
    );
    expect(textProblem('hi \u2067there', 'A message', 'message')).toMatch(/right-to-left/);
    // right-to-left text itself is fine
    expect(textProblem('שלום', 'A name', 'name')).toBeUndefined();
    expect(textProblem('مرحبا بك', 'A message', 'message')).toBeUndefined();
  });

  it('refuses text of invisible characters only, and any invisible character in a name', () => {
    expect(textProblem('\u200B\u200B\u2060', 'A message', 'message')).toBe(
      'A message cannot be only invisible characters.',
    );
    expect(textProblem('Ann\u200Ba', 'A name', 'name')).toBe('A name cannot contain invisible characters.');
    // a family emoji is joined with zero-width joiners: fine in a message
    expect(textProblem('👨\u200D👩\u200D👧 hello', 'A message', 'message')).toBeUndefined();
  });

  it('refuses a word mixing Latin with look-alike Cyrillic or Greek letters', () => {
    // a Cyrillic "А" and a Greek "ο"
    expect(textProblem('\u0410dmin', 'A name', 'name')).toMatch(/look-alike/);
    expect(textProblem('B\u03BFb', 'A name', 'name')).toMatch(/look-alike/);
    expect(textProblem('Анна Smith', 'A name', 'name')).toBeUndefined();
    expect(textProblem('José Müller', 'A name', 'name')).toBeUndefined();
  });

  it('is applied by the shared schemas', () => {
    expect(nameSchema.safeParse('Bob\u0000').success).toBe(false);
    expect(nameSchema.safeParse('  Bob  ').data).toBe('Bob');
    expect(chat('\u200B\u200B').error?.issues[0]?.message).toBe(
      'A message cannot be only invisible characters.',
    );
    expect(chat('hello\u0000').success).toBe(false);
    expect(chat('hello there').success).toBe(true);
  });
});
