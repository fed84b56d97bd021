/** what the agreement bans (§9) */
export const EULA_RULES = [
  'Sexual content',
  'Seeking dates',
  'Abusive language',
  'Political or religious content',
  'Spam',
  'False information',
] as const;
