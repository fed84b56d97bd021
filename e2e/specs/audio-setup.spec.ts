import { expect, type Page, test } from '@playwright/test';
import { shoot } from '../support/screens.ts';

// the audio check (§2 audio verification wizard, §4 audio setup, §8 audio errors) opened from
// /matching, against chromium's fake microphone (a beeping tone): the wave and the level meter move,
// the sample plays, the choices are saved, and no microphone stays open. the failure stages are
// played by making getUserMedia refuse the way a browser does

const PHONE = { width: 390, height: 844 };

/** a guest waiting for a partner; advanced speller: a queue no other spec's players wait in */
async function waitingForPartner(page: Page) {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.getByRole('button', { name: 'Play in the browser' }).click();
  await expect(page.getByRole('form', { name: 'Game setup' })).toBeVisible();
  const choice = (group: string, name: string) =>
    page.getByRole('group', { name: group }).getByText(name, { exact: true });
  await choice('Difficulty', 'Advanced').click();
  await choice('Mode', 'Partnered').click();
  await choice('Role', 'Speller').click();
  await page.getByRole('button', { name: 'Find a partner' }).click();
  await expect(page).toHaveURL(/\/matching\?/);
}

async function openWizard(page: Page) {
  await page.getByRole('button', { name: 'Check your audio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check your audio' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** every microphone stream the page opens, so the test can see that each one was closed */
async function watchStreams(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __streams: MediaStream[] };
    w.__streams = [];
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (c) => {
      const stream = await original(c);
      w.__streams.push(stream);
      return stream;
    };
  });
}

const liveTracks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __streams: MediaStream[] }).__streams
        .flatMap((s) => s.getTracks())
        .filter((t) => t.readyState === 'live').length,
  );

/** getUserMedia refuses the first `times` asks with the DOMException a browser throws */
async function refuseMicrophone(page: Page, name: string, times: number) {
  await page.addInitScript(
    ([errorName, refusals]) => {
      let left = refusals;
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (c) => {
        if (left-- > 0) return Promise.reject(new DOMException('refused', errorName));
        return original(c);
      };
    },
    [name, times] as const,
  );
}

test('a player checks microphone and speakers and is all set', async ({ page }) => {
  await watchStreams(page);
  await waitingForPartner(page);
  const dialog = await openWizard(page);

  // microphone tab: the fake device is listed and chosen
  await expect(dialog.getByRole('tab', { name: 'Microphone', selected: true })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Microphone' })).not.toHaveValue('');
  // the permission stream was closed as soon as it had served
  await expect.poll(() => liveTracks(page)).toBe(0);

  await dialog.getByRole('switch', { name: /Listen/ }).click();
  await expect(dialog.getByText('Say something: the wave moves when we hear you.')).toBeVisible();
  const meter = dialog.getByRole('meter', { name: 'Microphone level' });
  await expect(meter).toBeVisible();
  // the beep comes and goes: the meter reads loud and then something else
  const readings = new Set<string>();
  await expect
    .poll(async () => {
      readings.add((await meter.getAttribute('aria-valuenow')) ?? '');
      return readings.size;
    })
    .toBeGreaterThan(2);
  await expect(dialog.getByText('✓ We can hear you.')).toBeVisible();
  // the wave is drawn: the canvas has coloured pixels
  await expect
    .poll(() =>
      dialog.getByTestId('level-wave').evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted++;
        return painted;
      }),
    )
    .toBeGreaterThan(100);
  expect(await liveTracks(page)).toBe(1);
  await shoot(page, 'audio-microphone', { fullPage: false });

  // switching off closes the microphone
  await dialog.getByRole('switch', { name: /Listen/ }).click();
  await expect(meter).toBeHidden();
  await expect.poll(() => liveTracks(page)).toBe(0);
  await dialog.getByRole('switch', { name: /Listen/ }).click();
  await expect(meter).toBeVisible();

  // speakers tab: chromium can choose the output; the sample plays to its end
  await dialog.getByRole('tab', { name: 'Speakers' }).click();
  // leaving the microphone tab closes the microphone
  await expect.poll(() => liveTracks(page)).toBe(0);
  await expect(dialog.getByRole('combobox', { name: 'Speakers' })).toBeVisible();
  const sample = page.waitForResponse(
    (r) =>
      r
        .url()
        .includes(
          `/v1/google/text-to-speech?text=${encodeURIComponent('This is how your partner will sound.')}`,
        ) && r.status() === 200,
  );
  await dialog.getByRole('button', { name: 'Play a sample' }).click();
  await sample;
  await expect(dialog.getByText('Did you hear it?', { exact: false })).toBeVisible();
  await shoot(page, 'audio-speakers', { fullPage: false });

  await dialog.getByRole('button', { name: 'It works' }).click();
  await expect(dialog.getByRole('heading', { name: "You're all set" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('audioInputDeviceId'))).toBeTruthy();
  await shoot(page, 'audio-success', { fullPage: false });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect(await liveTracks(page)).toBe(0);
  // still waiting for a partner
  await expect(page).toHaveURL(/\/matching\?/);
});

test('a refused microphone: the spec title and text, then Retry asks again', async ({ page }) => {
  await refuseMicrophone(page, 'NotAllowedError', 1);
  await waitingForPartner(page);
  const dialog = await openWizard(page);
  await expect(dialog.getByRole('heading', { name: 'Audio Not Enabled' })).toBeVisible();
  await expect(
    dialog.getByText('Please go to Settings and enable microphone permissions.', { exact: true }),
  ).toBeVisible();
  await shoot(page, 'audio-not-enabled', { fullPage: false });
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByRole('tab', { name: 'Microphone' })).toBeVisible();

  // the player reports a problem: what to check, and Retry back to the form
  await dialog.getByRole('button', { name: 'Something is wrong' }).click();
  await expect(dialog.getByRole('heading', { name: 'Audio Not Working' })).toBeVisible();
  await expect(dialog.getByRole('paragraph').filter({ hasText: 'plugged in and switched on' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByRole('tab', { name: 'Speakers' })).toBeVisible();
});

test('no microphone: the spec title and text', async ({ page }) => {
  await refuseMicrophone(page, 'NotFoundError', 1);
  await waitingForPartner(page);
  const dialog = await openWizard(page);
  await expect(dialog.getByRole('heading', { name: 'Microphone Not Detected' })).toBeVisible();
  await expect(dialog.getByText('No microphone found on your device.', { exact: true })).toBeVisible();
  await shoot(page, 'audio-no-microphone', { fullPage: false });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
