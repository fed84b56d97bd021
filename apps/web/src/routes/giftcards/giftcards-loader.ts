import { profileQuery } from '../../api/auth.ts';
import { queryClient } from '../../api/query-client.ts';
import { giftCardsQuery } from '../../api/stats.ts';

/** warms the page's data; a failure shows in the page, not as a route error */
export async function giftCardsLoader() {
  await Promise.all([queryClient.prefetchQuery(giftCardsQuery), queryClient.prefetchQuery(profileQuery)]);
  return null;
}
