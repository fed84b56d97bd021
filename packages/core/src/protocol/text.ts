import type { z } from 'zod';

// what a name or a message people read may hold. a NUL byte reached the database and answered 500;
// a right-to-left override, a name of zero-width spaces or one that mixes Latin with look-alike
// Cyrillic or Greek letters let a player pass for another in an invite or a chat

/** C0 and C1 controls; a message keeps tab and line breaks */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
const CONTROL_IN_NAME = /\p{Cc}/u;
/** bidirectional embeddings, overrides and isolates: they reorder the text around them */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * characters that show nothing: format characters (zero-width spaces and joiners, marks, the byte
 * order mark), fillers, the blank braille cell, and the combining ones (grapheme joiner, Khmer
 * vowels, Mongolian and other variation selectors), which are alternatives of their own
 */
const INVISIBLE =
  /[\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5|[\u180B-\u180D]|[\uFE00-\uFE0F]/gu;
const LATIN = /\p{Script=Latin}/u;
const LOOK_ALIKE = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

export type TextKind = 'name' | 'message';

/** the sentence that says what is wrong with the text, or undefined when it is fine */
export function textProblem(value: string, what: string, kind: TextKind): string | undefined {
  if ((kind === 'name' ? CONTROL_IN_NAME : CONTROL).test(value)) {
    return `${what} cannot contain control characters.`;
  }
  if (BIDI.test(value)) return `${what} cannot contain right-to-left override characters.`;
  const visible = value.replace(INVISIBLE, '');
  if (visible.trim().length === 0 && value.length > 0) return `${what} cannot be only invisible characters.`;
  if (kind === 'name') {
    if (visible.length !== value.length) return `${what} cannot contain invisible characters.`;
    const mixed = value.split(/\s+/).some((word) => LATIN.test(word) && LOOK_ALIKE.test(word));
    if (mixed) return `${what} cannot mix Latin letters with look-alike Cyrillic or Greek ones.`;
  }
  return undefined;
}

/** the schema refuses text with a problem, with its sentence */
export function readable<S extends z.ZodType<string | undefined>>(
  schema: S,
  what: string,
  kind: TextKind,
): S {
  return schema.superRefine((value, ctx) => {
    if (typeof value !== 'string') return;
    const problem = textProblem(value, what, kind);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }) as unknown as S;
}
