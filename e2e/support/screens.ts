import path from 'node:path';
import type { Page } from '@playwright/test';

// screenshots for review, at phone, tablet and desktop sizes (e2e/screenshots/, not committed)

export const SIZES = {
  phone: { width: 390, height: 844 },
  // between the spec's breakpoints sm 610 and md 1250
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const;

const dir = path.join(import.meta.dirname, '..', 'screenshots');

/** SAYSPELL_E2E_SHOTS=0 (.ci/run sets it): no screenshots. in CI nobody looks at them, and on a
 * two-core machine drawing ~280 of them, most full page, kept each browser's gpu process busy */
const wanted = process.env.SAYSPELL_E2E_SHOTS !== '0';

/**
 * fullPage: false for popups, which cover the window rather than the whole page. sizes: fewer of
 * them where the spec races a clock of the app's (an invite lasts 30 s, slow machines included)
 */
export async function shoot(
  page: Page,
  name: string,
  {
    fullPage = true,
    sizes = Object.keys(SIZES) as (keyof typeof SIZES)[],
  }: { fullPage?: boolean; sizes?: (keyof typeof SIZES)[] } = {},
) {
  if (!wanted) return;
  const original = page.viewportSize();
  for (const label of sizes) {
    const size = SIZES[label];
    await page.setViewportSize(size);
    // let layout and transitions settle after the resize
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage });
  }
  if (original) await page.setViewportSize(original);
}
