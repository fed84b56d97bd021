import type { Page } from '@playwright/test';

/**
 * a partnered game's clock is set by the player who waited (POST /v1/matching's gameTimer, 10 to
 * 600 s; the app sends 90). a spec that plays whole games with screenshots, or breaks the network
 * again and again, asks for a longer clock the same way, so a busy machine's slow steps never end
 * the game before the spec is done with it. the rest of the request is the app's own
 */
export async function roomyClock(page: Page, seconds = 300): Promise<void> {
  await page.route('**/v1/matching', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.fallback();
    const body = request.postDataJSON() as Record<string, unknown>;
    await route.fallback({ postData: JSON.stringify({ ...body, gameTimer: String(seconds) }) });
  });
}
