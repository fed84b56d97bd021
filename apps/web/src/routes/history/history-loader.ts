import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../api/query-client.ts';
import { historyQuery } from '../../api/stats.ts';

/** ?page=n, a whole number from 1 */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? 1);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** warms the page's data; a failure shows in the page, not as a route error */
export async function historyLoader({ request }: LoaderFunctionArgs) {
  await queryClient.prefetchQuery(historyQuery(pageParam(new URL(request.url).searchParams)));
  return null;
}
