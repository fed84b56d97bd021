import { expect, type Page } from '@playwright/test';

// a narrow phone (360 px) shows every label whole: the checks of phone-game.spec.ts and of the
// popups that other specs open at their own size

/**
 * every button's and every choice's whole label shows: none is cut off (the results page's and the
 * landing's buttons were), no row of choices spills out of its control (the setup form's
 * difficulties did), the header's content stays inside its padding (the badge reached the
 * screen's edge), no row of tabs spills out of its card (the players card's did) and no table hides
 * a column sideways (the invites' menu was out of sight)
 */
export async function expectNothingCutOff(page: Page) {
  const clipped = await page
    .locator(
      'button, a.mantine-Button-root, [role="group"] > div:has(> label), .mantine-SegmentedControl-root, header .bar-padding, .mantine-Table-scrollContainer',
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
  expect(clipped, 'buttons, choices and tables cut off').toEqual([]);
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
