// where to go after signing in: only paths on this site are accepted (§2)

export function isLocalPath(path: string | null | undefined): path is string {
  if (typeof path !== 'string' || !path.startsWith('/')) return false;
  // '//host' and '/\host' are protocol-relative urls to another site
  return !path.startsWith('//') && !path.startsWith('/\\');
}

export function redirectTarget(path: string | null | undefined, fallback = '/'): string {
  return isLocalPath(path) ? path : fallback;
}

export function loginPath(wanted: string): string {
  return wanted === '/' ? '/login' : `/login?redirect=${encodeURIComponent(wanted)}`;
}
