import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { signOut } from '../api/auth.ts';
import { WordOfTheDayPopup } from '../popups/word-of-the-day-popup.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { appLog, readLog } from './app-log.ts';
import { DevLogViewer } from './dev-log-viewer.tsx';

// what §8 says is only logged (no message to the player) is what the hidden log viewer shows

const down = (message: string) =>
  new Response(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message }), {
    status: 503,
    headers: { 'Content-Type': 'application/json' },
  });

describe('the developer log viewer', () => {
  it('shows the failures the player was not told about, newest first, and new ones as they come', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      String(input).includes('word-of-the-day')
        ? down('The word service is resting.')
        : down('The sign-in service is resting.'),
    );
    vi.stubGlobal('Audio', class {});
    const logged = readLog().length;

    // the word of the day fails: the popup says it is not here yet, the reason is only logged
    const popup = renderWithProviders(<WordOfTheDayPopup opened onClose={() => {}} />);
    // (after the query's one retry)
    await waitFor(() => expect(readLog().length).toBe(logged + 1), { timeout: 5000 });
    popup.unmount();
    // signing out goes on when the server cannot be told; the reason is only logged
    await signOut();
    expect(
      readLog()
        .slice(logged)
        .map((e) => e.area),
    ).toEqual(['word of the day', 'logout']);

    const onClose = vi.fn();
    renderWithProviders(<DevLogViewer onClose={onClose} />);
    const viewer = screen.getByRole('dialog', { name: 'Developer log' });
    const lines = () =>
      within(viewer)
        .getAllByText(/^(word of the day|logout|ads)$/)
        .map((b) => b.textContent);
    expect(lines()).toEqual(['logout', 'word of the day']);
    expect(within(viewer).getByText(/The sign-in service is resting\./)).toBeTruthy();
    expect(within(viewer).getByText(/The word service is resting\./)).toBeTruthy();

    act(() => appLog('error', 'ads', 'no ad network'));
    expect(lines()).toEqual(['ads', 'logout', 'word of the day']);

    await userEvent.click(within(viewer).getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalled();
  });
});
