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
import { LoginPage } from './routes/login/login-page.tsx';
import { matchingLoader } from './routes/matching/matching-loader.ts';
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
              { path: 'login', handle: guest, element: <LoginPage /> },
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
