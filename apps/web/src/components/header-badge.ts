import { preloadable } from './preloadable.ts';

// the header's avatar and name: a signed-in player's only. the app layout's loader fetches it beside
// the page's data, so the header shows whole at the first paint

export const userBadge = preloadable(
  () => import('./user-badge.tsx'),
  (m) => m.UserBadge,
);

let loaded = false;

export async function loadUserBadge(): Promise<null> {
  await userBadge.load();
  loaded = true;
  return null;
}

export const userBadgeLoaded = () => loaded;
