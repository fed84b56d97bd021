import { z } from 'zod';
import { CATEGORY_RANDOM, DIFFICULTIES, MODES, ROLES } from '../constants.ts';
import { countryByCode } from './countries.ts';
import { readable } from './text.ts';

// registered accounts (§1, §3, §7): registration, e-mail verification, profile, avatar, settings,
// EULA and demographics; the rules for names and passwords live here so the form and the server agree

export const USERNAME_RULE =
  '3 to 20 letters, digits, dots, dashes or underscores, starting with a letter or digit';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 60;

export const usernameSchema = z
  .string({ error: 'username is required.' })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,19}$/, `A username has ${USERNAME_RULE}.`);

export const emailSchema = z
  .string({ error: 'email is required.' })
  .trim()
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email({ error: 'Please enter a valid e-mail address.' }))
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string({ error: 'password is required.' })
  .min(PASSWORD_MIN, `A password has at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters.`)
  .refine((p) => p.trim().length > 0, 'A password cannot be only spaces.');

export const nameSchema = readable(
  z
    .string()
    .trim()
    .min(1, 'Your name cannot be empty.')
    .max(NAME_MAX, `A name has at most ${NAME_MAX} characters.`),
  'A name',
  'name',
);

/** POST /v1/auth/register; guestClaim (from POST /v1/auth/guest-claim) keeps a guest's history */
export const registerSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema.optional(),
  guestClaim: z.string().max(2000).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** POST /v1/auth/verify-email */
export const verifyEmailSchema = z.strictObject({
  token: z
    .string({ error: 'token is required.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This verification link is not valid.'),
});

/** POST /v1/auth/resend-verification */
export const resendVerificationSchema = z.strictObject({ email: emailSchema });

/** a link's token as it arrives from the page's address */
const linkTokenSchema = (what: string) =>
  z
    .string({ error: 'token is required.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, `This ${what} link is not valid.`);

/** POST /v1/auth/forgot-password: the answer is the same whether or not the address has an account */
export const forgotPasswordSchema = z.strictObject({ email: emailSchema });

/** POST /v1/auth/reset-link: is this password-reset link still good? (nothing is spent) */
export const resetLinkSchema = z.strictObject({ token: linkTokenSchema('password reset') });

/** POST /v1/auth/reset-password: the link's token and the new password */
export const resetPasswordSchema = z.strictObject({
  token: linkTokenSchema('password reset'),
  newPassword: passwordSchema,
});

/** POST /v1/users/change-email: the new address, confirmed by a link mailed to it */
export const changeEmailSchema = z.strictObject({
  newEmail: emailSchema,
  password: z
    .string({ error: 'Enter your password to change your e-mail.' })
    .min(1, 'Enter your password to change your e-mail.')
    .max(PASSWORD_MAX),
});

/** POST /v1/auth/confirm-email-change: the token from the link mailed to the new address */
export const confirmEmailChangeSchema = z.strictObject({ token: linkTokenSchema('e-mail change') });

/** hours a password-reset link works; an e-mail change link works as long as a verification link */
export const RESET_LINK_HOURS = 1;

/** PATCH /v1/users/profile */
export const updateProfileSchema = z
  .strictObject({ name: nameSchema.optional(), username: usernameSchema.optional() })
  .refine((b) => b.name !== undefined || b.username !== undefined, 'Send a name or a username to change.');

/** POST /v1/users/change-password (local accounts) */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string({ error: 'currentPassword is required.' }).min(1).max(PASSWORD_MAX),
  newPassword: passwordSchema,
});

/** DELETE /v1/users/profile: local accounts confirm with their password, others with the word DELETE */
export const deleteAccountSchema = z.strictObject({
  password: z.string().max(PASSWORD_MAX).optional(),
  confirm: z.literal('DELETE').optional(),
});

export const AVATARS = [
  'avatar1.png',
  'avatar2.png',
  'avatar3.png',
  'avatar4.png',
  'avatar5.png',
  'avatar6.png',
  'avatar7.png',
] as const;
export type Avatar = (typeof AVATARS)[number];

/** POST /v1/users/avatar; null goes back to initials */
export const setAvatarSchema = z.strictObject({
  picture: z.enum(AVATARS, { error: `picture must be one of ${AVATARS.join(', ')} or null.` }).nullable(),
});

/** GET/PUT /v1/users/settings: the defaults the game setup starts from (§3 Settings) */
export const userSettingsSchema = z.strictObject({
  language: z.string().trim().min(1).max(40).default('English'),
  category: z
    .string()
    .max(64)
    .regex(/^category_[a-z0-9_-]+$/, 'category must look like "category_animals".')
    .default(CATEGORY_RANDOM),
  difficulty: z
    .enum(DIFFICULTIES, { error: `difficulty must be one of ${DIFFICULTIES.join(', ')}.` })
    .default('beginner'),
  mode: z.enum(MODES, { error: 'mode must be "multi" or "solo".' }).default('solo'),
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}.` }).default('either'),
});
export type UserSettings = z.output<typeof userSettingsSchema>;
export const DEFAULT_SETTINGS: UserSettings = userSettingsSchema.parse({});

/** the app's voice (solo words, spoken texts): a voice id from GET /v1/speech/voices and a speed */
export const SPEECH_RATE_MIN = 0.5;
export const SPEECH_RATE_MAX = 2;
export const voiceSettingsSchema = z.strictObject({
  /** null: the server's default voice for the language */
  voice: z
    .string({ error: 'voice must be a voice id from the list, or null for the default.' })
    .trim()
    .min(1, 'voice must be a voice id from the list, or null for the default.')
    .max(64, 'voice is too long.')
    .nullable()
    .default(null),
  rate: z
    .number({ error: `rate must be a number from ${SPEECH_RATE_MIN} to ${SPEECH_RATE_MAX}.` })
    .min(SPEECH_RATE_MIN, `rate must be at least ${SPEECH_RATE_MIN}.`)
    .max(SPEECH_RATE_MAX, `rate must be at most ${SPEECH_RATE_MAX}.`)
    .default(1),
});
export type VoiceSettings = z.output<typeof voiceSettingsSchema>;
export const DEFAULT_VOICE_SETTINGS: VoiceSettings = { voice: null, rate: 1 };

/** POST /v1/users/confirm-eula */
export const confirmEulaSchema = z.strictObject({
  userId: z.uuid({ error: 'userId must be your user id.' }),
});

export const GENDERS = ['male', 'female', 'Non-binary', 'other'] as const;
export const EDUCATIONS = [
  'No formal education',
  'Primary education',
  'Secondary education',
  'GED for High School Diploma/GED',
  "Bachelor's Degree",
  "Master's Degree",
  'Doctorate or higher',
  'Other',
] as const;

/** a calendar date YYYY-MM-DD, not after today (§5) */
export function isValidDob(dob: string, today: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dob)) return false;
  const d = new Date(`${dob}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== dob) return false;
  const todayIso = today.toISOString().slice(0, 10);
  return dob <= todayIso && dob >= '1900-01-01';
}

/** POST /v1/users/demographics (§3 Demographic, §5: every field required, dob at most today) */
export const demographicSchema = z.strictObject({
  gender: z.enum(GENDERS, { error: `gender must be one of ${GENDERS.join(', ')}.` }),
  dob: z
    .string({ error: 'dob is required.' })
    .refine((d) => isValidDob(d), 'dob must be a real date (YYYY-MM-DD), not after today.'),
  country: z
    .strictObject(
      { name: z.string().max(100), code: z.string().max(3) },
      { error: 'country must be {name, code}.' },
    )
    .refine((c) => countryByCode(c.code) !== undefined, 'country must be one from the list.')
    .transform((c) => ({ name: countryByCode(c.code)?.name ?? c.name, code: c.code.toUpperCase() })),
  education: z.enum(EDUCATIONS, { error: 'education must be one of the listed levels.' }),
});
export type Demographic = z.output<typeof demographicSchema>;

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const LOGIN_STRATEGIES = ['local', ...SOCIAL_PROVIDERS] as const;
/** §9: Apple's state and nonce; we use the same length for every provider */
export const RANDOM_STRING_LENGTH = 16;
