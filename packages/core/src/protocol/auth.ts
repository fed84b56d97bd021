import { z } from 'zod';
import type { Demographic, UserSettings } from './account.ts';
import { readable } from './text.ts';

// sign-in payloads (§7 POST /v1/auth/login): one strategy per way in

const oauthCallback = {
  code: z.string({ error: 'code is required.' }).min(1).max(2048),
  state: z.string({ error: 'state is required.' }).min(1).max(256),
};

export const loginSchema = z.discriminatedUnion(
  'strategy',
  [
    z.strictObject({ strategy: z.literal('guest') }),
    z.strictObject({
      strategy: z.literal('local'),
      /** the e-mail address or the username */
      username: readable(
        z
          .string({ error: 'Enter your e-mail or username.' })
          .trim()
          .min(1, 'Enter your e-mail or username.')
          .max(254),
        'The e-mail or username',
        'name',
      ),
      password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(128),
    }),
    z.strictObject({ strategy: z.literal('google'), ...oauthCallback }),
    z.strictObject({ strategy: z.literal('facebook'), ...oauthCallback }),
    /** the native Apple plugin (mobile only) hands over an identity token */
    z.strictObject({
      strategy: z.literal('apple'),
      idToken: z.string({ error: 'Apple Sign-In: No response received.' }).min(1).max(4096),
      nonce: z.string().max(256).optional(),
      name: z.string().trim().max(60).optional(),
    }),
  ],
  { error: 'strategy must be one of "local", "guest", "google", "facebook" or "apple".' },
);
export type LoginInput = z.input<typeof loginSchema>;

export const refreshSchema = z.strictObject({
  refreshToken: z.string({ error: 'refreshToken is required.' }).min(20).max(200),
});

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** seconds until the access token expires */
  expiresIn: number;
  tokenType: 'Bearer';
}

export interface UserView {
  id: string;
  _id: string;
  username: string;
  name: string | null;
  picture: string | null;
  role: 'guest' | 'user' | 'admin';
  friends: string[];
  hasConfirmedEULA: boolean;
  usersThatBlockedMe: string[];
  usersThatIblocked: string[];
  gameTimer: string;
  /** present for registered accounts, only on the user's own profile */
  email?: string | null;
  emailVerified?: boolean;
  /** how the account signs in: 'guest', 'local' or a social provider */
  provider?: 'guest' | 'local' | 'google' | 'facebook' | 'apple';
  hasPassword?: boolean;
  /** registered users fill the demographic form once (§4) */
  needsDemographic?: boolean;
  demographic?: Demographic | null;
  settings?: UserSettings;
  createdAt?: string;
}

export interface LoginAnswer {
  token: TokenPair;
  user: UserView;
}
