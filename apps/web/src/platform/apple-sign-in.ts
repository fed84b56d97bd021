import { logError } from './app-log.ts';
import { isNative } from './platform.ts';

// Apple sign-in (§1: mobile only) through the native plugin, asked for only inside the apps. the
// plugin hands over an identity token; the server checks it against Apple's keys and the nonce

export const APPLE_NO_RESPONSE = 'Apple Sign-In: No response received.';
const RANDOM_LENGTH = 16; // §9: random state / nonce length

export function randomString(length = RANDOM_LENGTH): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export interface AppleIdentity {
  idToken: string;
  nonce: string;
  name?: string;
}

type Authorize = (o: {
  clientId: string;
  redirectURI: string;
  scopes: string;
  state: string;
  nonce: string;
}) => Promise<{
  response?: { identityToken?: string; givenName?: string | null; familyName?: string | null };
}>;

/** the plugin, loaded on demand (never on the web); a test may hand in its own */
async function plugin(): Promise<{ authorize: Authorize }> {
  const m = await import('@capacitor-community/apple-sign-in');
  return m.SignInWithApple as unknown as { authorize: Authorize };
}

export async function appleIdentity(
  clientId: string,
  load: () => Promise<{ authorize: Authorize }> = plugin,
): Promise<AppleIdentity> {
  if (!isNative()) throw new Error('Apple sign-in is offered in the iOS and Android apps only.');
  const nonce = randomString();
  let answer: Awaited<ReturnType<Authorize>> | undefined;
  try {
    answer = await (await load()).authorize({
      clientId,
      redirectURI: `${window.location.origin}/login`,
      scopes: 'email name',
      state: randomString(),
      nonce,
    });
  } catch (err) {
    logError('apple-sign-in', err);
    throw new Error(APPLE_NO_RESPONSE);
  }
  const idToken = answer?.response?.identityToken;
  if (!idToken) throw new Error(APPLE_NO_RESPONSE);
  const name = [answer.response?.givenName, answer.response?.familyName].filter(Boolean).join(' ');
  return { idToken, nonce, ...(name ? { name } : {}) };
}
