import { profileQuery } from '../../api/auth.ts';
import { configQuery, languagesQuery } from '../../api/config.ts';
import { queryClient } from '../../api/query-client.ts';
import { isSignedIn } from '../../auth/token-storage.ts';
import { homePage, landingPage, setupForm } from './index-page.tsx';

/**
 * starts what the page will show and waits only for what its first paint needs: the page's code,
 * and for a signed-in player who they are (the header and the social layer). the rest (the setup's
 * languages and saved settings, the landing's store links) comes while the page already shows,
 * each part with its own skeleton (issue 22). failures surface in the page, not as a route error
 */
export async function indexLoader() {
  if (isSignedIn()) {
    void queryClient.prefetchQuery(languagesQuery);
    void setupForm.load().catch(() => {});
    // the account calls come with home (a visitor's first download is without them)
    void import('../../api/accounts.ts').then(({ settingsQuery }) =>
      queryClient.prefetchQuery(settingsQuery),
    );
    await Promise.all([homePage.load(), queryClient.prefetchQuery(profileQuery)]);
  } else {
    void queryClient.prefetchQuery(configQuery);
    await landingPage.load();
  }
  return null;
}
