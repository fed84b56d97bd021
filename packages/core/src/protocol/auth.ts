import { z } from 'zod';

// sign-in payloads; registered accounts add their strategies to this union

export const loginSchema = z.discriminatedUnion(
  'strategy',
  [z.strictObject({ strategy: z.literal('guest') })],
  { error: 'strategy must be "guest" (registered accounts are not open yet).' },
);

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
}

export interface LoginAnswer {
  token: TokenPair;
  user: UserView;
}
