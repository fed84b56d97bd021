import { TEXTS } from '@sayspell/core/constants';
import { data, type RouteObject } from 'react-router';
import { protectRoutes, type RouteHandle } from './auth/middleware.ts';
import { AppLayout } from './components/app-layout.tsx';
import { PageLoader } from './components/page-loader.tsx';
import { RootLayout } from './components/root-layout.tsx';
import { ErrorPage } from './routes/error/error-page.tsx';
import { gameLoader } from './routes/game/game-loader.ts';
import { giftCardsLoader } from './routes/giftcards/giftcards-loader.ts';
import { historyLoader } from './routes/history/history-loader.ts';
import { indexLoader } from './routes/home/index-loader.ts';
import { IndexPage } from './routes/home/index-page.tsx';
import { leaderboardLoader } from './routes/leaderboard/leaderboard-loader.ts';
import { matchingLoader } from './routes/matching/matching-loader.ts';
import { profileLoader, settingsLoader } from './routes/profile/account-loader.ts';
import { resultsLoader } from './routes/results/results-loader.ts';

const open: RouteHandle = { middleware: 'open' };
const guest: RouteHandle = { middleware: 'guest' };

/** the spec's routes (§2); a route without a handle needs a signed-in user */
export const routes: RouteObject[] = protectRoutes([
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    handle: open,
    children: [
      {
        element: <AppLayout />,
        handle: open,
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
              {
                path: 'adminRemoved',
                handle: open,
                lazy: async () => ({
                  Component: (await import('./routes/admin-removed/admin-removed-page.tsx')).AdminRemovedPage,
                }),
              },
              {
                path: 'profile',
                loader: profileLoader,
                lazy: async () => ({
                  Component: (await import('./routes/profile/profile-page.tsx')).ProfilePage,
                }),
              },
              {
                path: 'myavatar',
                loader: profileLoader,
                lazy: async () => ({
                  Component: (await import('./routes/avatar/avatar-page.tsx')).AvatarPage,
                }),
              },
              {
                path: 'setting',
                loader: settingsLoader,
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
                loader: gameLoader,
                lazy: async () => ({ Component: (await import('./routes/game/game-page.tsx')).GamePage }),
              },
              {
                path: 'matching',
                loader: matchingLoader,
                lazy: async () => ({
                  Component: (await import('./routes/matching/matching-page.tsx')).MatchingPage,
                }),
              },
              {
                path: 'results/:id?',
                loader: resultsLoader,
                lazy: async () => ({
                  Component: (await import('./routes/results/results-page.tsx')).ResultsPage,
                }),
              },
              {
                path: 'history',
                loader: historyLoader,
                lazy: async () => ({
                  Component: (await import('./routes/history/history-page.tsx')).HistoryPage,
                }),
              },
              {
                path: 'leaderboard',
                loader: leaderboardLoader,
                lazy: async () => ({
                  Component: (await import('./routes/leaderboard/leaderboard-page.tsx')).LeaderboardPage,
                }),
              },
              {
                path: 'giftcards',
                loader: giftCardsLoader,
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
