import { Suspense } from 'react';
import { useSignedIn } from '../../auth/use-signed-in.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { preloadable } from '../../components/preloadable.ts';

// issue 22: each side of / is its own chunk: a visitor never downloads the game setup (its selects,
// popups and topic rules), a player never the landing page. the loader starts the right one early
export const homePage = preloadable(
  () => import('./home-page.tsx'),
  (m) => m.HomePage,
);
// the setup form (its inputs, segmented controls and topic rules: ≈ 15 KB gzip) is not part of home's
// first paint: the card shows its skeleton until the saved settings and the languages are in, and
// the loader fetches the form's code beside them
export const setupForm = preloadable(
  () => import('./game-setup-form.tsx'),
  (m) => m.GameSetupForm,
);
export const landingPage = preloadable(
  () => import('../landing/landing-page.tsx'),
  (m) => m.LandingPage,
);

/** / is home for a signed-in player and the landing page for everyone else (§1, §2) */
export function IndexPage() {
  const Page = useSignedIn() ? homePage.Component : landingPage.Component;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
