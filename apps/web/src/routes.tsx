import { TEXTS } from '@sayspell/core/constants';
import { data, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { protectRoutes, type RouteHandle } from './auth/middleware.ts';
import { isSignedIn } from './auth/token-storage.ts';
import { AppLayout } from './components/app-layout.tsx';
import { loadUserBadge, userBadgeLoaded } from './components/header-badge.ts';
import { RootLayout } from './components/root-layout.tsx';
import { ShellFallback } from './components/shell-fallback.tsx';
import { ErrorPage } from './routes/error/error-page.tsx';
import { indexLoader } from './routes/home/index-loader.ts';
import { IndexPage } from './routes/home/index-page.tsx';

// issue 22: a page's loader loads with the page, not with the entry (the loaders bring the api
// calls and core's schemas of their pages). react router fetches the page's module at the same time
function lazyLoader<M>(importer: () => Promise<M>, pick: (m: M) => LoaderFunction): LoaderFunction {
  return async (args: LoaderFunctionArgs) => pick(await importer())(args);
}

const open: RouteHandle = { middleware: 'open' };
const guest: RouteHandle = { middleware: 'guest' };

/** the spec's routes (§2); a route without a handle needs a signed-in user */
export const routes: RouteObject[] = protectRoutes([
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    // the first load paints the app shell and the page's outline at once, not a full-page loader
    // (issue 22). every route has a loader (protectRoutes), so the root's fallback is the one shown
    hydrateFallbackElement: <ShellFallback />,
    handle: open,
    children: [
      {
        element: <AppLayout />,
        handle: open,
        // a signed-in player's header badge loads beside the page's data; again after a sign-in,
        // until it is there. the social layer loads after the first paint (social-mount.tsx)
        loader: () => (isSignedIn() ? loadUserBadge() : null),
        shouldRevalidate: ({ defaultShouldRevalidate }) =>
          defaultShouldRevalidate || (isSignedIn() && !userBadgeLoaded()),
        children: [
          {
            // errors show inside the app shell
            errorElement: <ErrorPage />,
            handle: open,
            children: [
              { index: true, handle: open, loader: indexLoader, element: <IndexPage /> },
              // the account pages carry core's zod rules (and the country list): loaded when visited
              {
                path: 'login',
                handle: guest,
                lazy: async () => ({ Component: (await import('./routes/login/login-page.tsx')).LoginPage }),
              },
              {
                path: 'register',
                handle: guest,
                lazy: async () => ({
                  Component: (await import('./routes/register/register-page.tsx')).RegisterPage,
                }),
              },
              {
                path: 'email-verification',
                handle: open,
                lazy: async () => ({
                  Component: (await import('./routes/email-verification/check-inbox-page.tsx'))
                    .CheckInboxPage,
                }),
              },
              {
                path: 'email-verification/:token',
                handle: open,
                lazy: async () => ({
                  Component: (await import('./routes/email-verification/verify-email-page.tsx'))
                    .VerifyEmailPage,
                }),
              },
              // account recovery (issue 15 item 6): open, so a link from a mail works in any browser
              {
                path: 'forgot-password',
                handle: open,
                lazy: async () => ({
                  Component: (await import('./routes/password-reset/forgot-password-page.tsx'))
                    .ForgotPasswordPage,
                }),
              },
              {
                path: 'reset-password/:token',
                handle: open,
                lazy: async () => ({
                  Component: (await import('./routes/password-reset/reset-password-page.tsx'))
                    .ResetPasswordPage,
                }),
              },
              {
                path: 'email-change/:token',
                handle: open,
                lazy: async () => ({
                  Component: (await import('./routes/email-change/confirm-email-change-page.tsx'))
                    .ConfirmEmailChangePage,
                }),
              },
              {
                path: 'adminRemoved',
                handle: open,
                lazy: async () => ({
                  Component: (await import('./routes/admin-removed/admin-removed-page.tsx')).AdminRemovedPage,
                }),
              },
              {
                path: 'profile',
                loader: lazyLoader(
                  () => import('./routes/profile/account-loader.ts'),
                  (m) => m.profileLoader,
                ),
                lazy: async () => ({
                  Component: (await import('./routes/profile/profile-page.tsx')).ProfilePage,
                }),
              },
              {
                path: 'myavatar',
                loader: lazyLoader(
                  () => import('./routes/profile/account-loader.ts'),
                  (m) => m.profileLoader,
                ),
                lazy: async () => ({
                  Component: (await import('./routes/avatar/avatar-page.tsx')).AvatarPage,
                }),
              },
              {
                path: 'setting',
                loader: lazyLoader(
                  () => import('./routes/profile/account-loader.ts'),
                  (m) => m.settingsLoader,
                ),
                lazy: async () => ({
                  Component: (await import('./routes/settings/settings-page.tsx')).SettingsPage,
                }),
              },
              {
                path: 'admin/reports',
                lazy: async () => ({
                  Component: (await import('./routes/admin/reports-page.tsx')).ReportsPage,
                }),
              },
              {
                path: 'admin/words',
                lazy: async () => ({
                  Component: (await import('./routes/admin/words-page.tsx')).WordsPage,
                }),
              },
              {
                path: 'admin/enterprises',
                lazy: async () => ({
                  Component: (await import('./routes/admin/enterprises-page.tsx')).EnterprisesPage,
                }),
              },
              {
                path: 'game',
                loader: lazyLoader(
                  () => import('./routes/game/game-loader.ts'),
                  (m) => m.gameLoader,
                ),
                lazy: async () => ({ Component: (await import('./routes/game/game-page.tsx')).GamePage }),
              },
              {
                path: 'matching',
                loader: lazyLoader(
                  () => import('./routes/matching/matching-loader.ts'),
                  (m) => m.matchingLoader,
                ),
                lazy: async () => ({
                  Component: (await import('./routes/matching/matching-page.tsx')).MatchingPage,
                }),
              },
              {
                // the learning loop's progress (issue 17): its charts load with the page only
                path: 'progress',
                lazy: async () => ({
                  Component: (await import('./learning/progress-page.tsx')).ProgressPage,
                }),
              },
              {
                path: 'results/:id?',
                loader: lazyLoader(
                  () => import('./routes/results/results-loader.ts'),
                  (m) => m.resultsLoader,
                ),
                lazy: async () => ({
                  Component: (await import('./routes/results/results-page.tsx')).ResultsPage,
                }),
              },
              {
                path: 'history',
                loader: lazyLoader(
                  () => import('./routes/history/history-loader.ts'),
                  (m) => m.historyLoader,
                ),
                lazy: async () => ({
                  Component: (await import('./routes/history/history-page.tsx')).HistoryPage,
                }),
              },
              {
                path: 'leaderboard',
                loader: lazyLoader(
                  () => import('./routes/leaderboard/leaderboard-loader.ts'),
                  (m) => m.leaderboardLoader,
                ),
                lazy: async () => ({
                  Component: (await import('./routes/leaderboard/leaderboard-page.tsx')).LeaderboardPage,
                }),
              },
              {
                path: 'giftcards',
                loader: lazyLoader(
                  () => import('./routes/giftcards/giftcards-loader.ts'),
                  (m) => m.giftCardsLoader,
                ),
                lazy: async () => ({
                  Component: (await import('./routes/giftcards/giftcards-page.tsx')).GiftCardsPage,
                }),
              },
              {
                path: '*',
                handle: open,
                Component: () => null,
                loader: () => {
                  throw data({ message: 'Page not found' }, { status: 404, statusText: TEXTS.pageNotFound });
                },
              },
            ],
          },
        ],
      },
    ],
  },
]);
