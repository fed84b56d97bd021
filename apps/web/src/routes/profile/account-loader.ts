import { settingsQuery } from '../../api/accounts.ts';
import { profileQuery } from '../../api/auth.ts';
import { languagesQuery } from '../../api/config.ts';
import { queryClient } from '../../api/query-client.ts';
import { voiceQuery } from '../../api/voice.ts';

/** warms the account pages' data; a failure shows in the page, not as a route error */
export async function profileLoader() {
  await queryClient.prefetchQuery(profileQuery);
  return null;
}

export async function settingsLoader() {
  await Promise.all([
    queryClient.prefetchQuery(profileQuery),
    queryClient.prefetchQuery(settingsQuery),
    queryClient.prefetchQuery(languagesQuery),
    queryClient.prefetchQuery(voiceQuery),
  ]);
  return null;
}
