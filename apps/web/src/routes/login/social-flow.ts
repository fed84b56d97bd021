import type { SocialProvider } from '@sayspell/core/protocol/account';

// the redirect flow (§7): the button leaves for GET /v1/auth/{provider}/authorize, the provider
// comes back to /login?code=…&state=…. what the page needs to finish is kept in sessionStorage:
// which provider was started (the strategy to post) and the page the player wanted.

export type RedirectProvider = Exclude<SocialProvider, 'apple'>;
/** offered on the web; Apple sign-in is mobile only (§1) */
export const WEB_PROVIDERS: readonly RedirectProvider[] = ['google', 'facebook'];
export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

const KEY = 'sayspell.social-sign-in';

interface Pending {
  provider: RedirectProvider;
  redirect: string;
}

export function startSocialSignIn(provider: RedirectProvider, redirect: string): void {
  sessionStorage.setItem(KEY, JSON.stringify({ provider, redirect } satisfies Pending));
  window.location.assign(`/v1/auth/${provider}/authorize`);
}

/** the sign-in this tab started, if any; read once */
export function takeSocialSignIn(): Pending | null {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<Pending>;
    if (!p.provider || !WEB_PROVIDERS.includes(p.provider)) return null;
    return { provider: p.provider, redirect: typeof p.redirect === 'string' ? p.redirect : '/' };
  } catch {
    return null;
  }
}

export function socialProvidersOffered(loginMethods: readonly string[] | undefined): RedirectProvider[] {
  return WEB_PROVIDERS.filter((p) => loginMethods?.includes(p));
}
