import type { Page } from '@playwright/test';

/**
 * a game's clock is set by the one who starts it: a partnered game's by the player who waited (POST
 * /v1/matching's gameTimer), a solo game's by the player (POST /v1/game's), 10 to 600 s; the app
 * sends 90. a spec that plays whole games with screenshots, or breaks the network again and again,
 * asks for a longer clock the same way, so a busy machine's slow steps never end the game before
 * the spec is done with it (CI saw a solo game's clock run out at word 8, typing taking 12 s a word).
 * the rest of the request is the app's own
 */
export async function roomyClock(page: Page, seconds = 300): Promise<void> {
  for (const path of ['**/v1/matching', '**/v1/game']) {
    await page.route(path, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.fallback();
      const body = request.postDataJSON() as Record<string, unknown>;
      await route.fallback({ postData: JSON.stringify({ ...body, gameTimer: String(seconds) }) });
    });
  }
}
