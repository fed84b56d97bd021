import { expect, type Page } from '@playwright/test';

// a narrow phone (360 px) shows every label whole: the checks of phone-game.spec.ts, of every page
// accessibility.spec.ts audits, and of the popups and pages with data that other specs reach

/**
 * every button's, badge's and choice's whole label shows: none is cut off (the results page's and
 * the landing's buttons were, and a report's status badge at any width), no row of choices spills
 * out of its control (the setup form's difficulties did), the header's content stays inside its
 * padding (the badge reached the screen's edge), no row of tabs spills out of its card (the players
 * card's did), no table is wider than its box (the invites' menu and the reports' actions were out
 * of sight, sideways) and the page itself does not scroll sideways
 */
export async function expectNothingCutOff(page: Page) {
  const clipped = await page
    .locator(
      'button, a.mantine-Button-root, [role="group"] > div:has(> label), .mantine-SegmentedControl-root, header .bar-padding, .mantine-Badge-label',
    )
    .evaluateAll((elements) =>
      elements
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .flatMap((e) => {
          const boxes = [
            e.querySelector('.mantine-Button-label') ?? e,
            ...e.querySelectorAll(':scope > label > span'),
          ];
          return boxes.some((b) => b.scrollWidth > b.clientWidth + 1) ? [e.textContent?.trim() ?? ''] : [];
        }),
    );
  // a table wider than the box it scrolls in, measured: a scroll area's own box never overflows (its
  // viewport does), so its scroll width cannot tell
  const wide = await page.locator('table').evaluateAll((tables) =>
    tables
      .filter((t) => (t as HTMLElement).offsetParent !== null)
      .filter((t) => {
        const box = t.closest('.mantine-Table-scrollContainer') ?? t.parentElement;
        return !!box && t.getBoundingClientRect().width > box.getBoundingClientRect().width + 1;
      })
      .map((t) => t.getAttribute('aria-label') ?? t.textContent?.trim().slice(0, 40) ?? ''),
  );
  expect([...clipped, ...wide], 'buttons, choices and tables cut off').toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, 'how far the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** the page as a 360 × 740 phone shows it, checked, then back at its own size */
export async function expectWholeOnNarrowPhone(page: Page) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  try {
    await expect(async () => expectNothingCutOff(page)).toPass({ timeout: 5_000 });
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
