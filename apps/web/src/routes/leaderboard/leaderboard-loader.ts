import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@sayspell/core/constants';
import type { LoaderFunctionArgs } from 'react-router';
import { profileQuery } from '../../api/auth.ts';
import { queryClient } from '../../api/query-client.ts';
import { leaderboardQuery } from '../../api/stats.ts';

/** ?period=week|month|all, the week by default */
export function periodParam(params: URLSearchParams): LeaderboardPeriod {
  const period = params.get('period') as LeaderboardPeriod | null;
  return period && LEADERBOARD_PERIODS.includes(period) ? period : 'week';
}

/** warms the page's data; a failure shows in the page, not as a route error */
export async function leaderboardLoader({ request }: LoaderFunctionArgs) {
  const period = periodParam(new URL(request.url).searchParams);
  await Promise.all([
    queryClient.prefetchQuery(leaderboardQuery(period)),
    queryClient.prefetchQuery(profileQuery),
  ]);
  return null;
}
