import { settingsQuery } from '../../api/accounts.ts';
import { profileQuery } from '../../api/auth.ts';
import { configQuery, languagesQuery } from '../../api/config.ts';
import { queryClient } from '../../api/query-client.ts';
import { isSignedIn } from '../../auth/token-storage.ts';

/** warms what the page will show; failures surface in the page, not as a route error */
export async function indexLoader() {
  if (isSignedIn()) {
    await Promise.all([
      queryClient.prefetchQuery(profileQuery),
      queryClient.prefetchQuery(languagesQuery),
      queryClient.prefetchQuery(settingsQuery),
    ]);
  } else {
    await queryClient.prefetchQuery(configQuery);
  }
  return null;
}
