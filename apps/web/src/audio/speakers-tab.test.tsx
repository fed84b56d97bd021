import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { SAMPLE_TEXT, SpeakersTab } from './speakers-tab.tsx';

// the sample comes from the public speech endpoint, which needs sign-in (issue 13): an <audio>
// element cannot send the token, so the tab fetches the sample with it and plays it from memory

describe('speakers tab', () => {
  it('fetches the sample with the player token and plays it', async () => {
    storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
    const played: string[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        src = '';
        onplaying: (() => void) | null = null;
        onended: (() => void) | null = null;
        onerror: (() => void) | null = null;
        pause() {}
        removeAttribute() {}
        play() {
          played.push(this.src);
          this.onplaying?.();
          this.onended?.();
          return Promise.resolve();
        }
      },
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:sample', revokeObjectURL() {} }));
    const { fetchMock, calls } = mockFetch({});
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      fetchMock(input, init).then(() => new Response(new Uint8Array([82, 73, 70, 70]))),
    );
    renderWithProviders(<SpeakersTab options={[]} value={undefined} onChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play a sample' }));
    await waitFor(() => expect(played).toEqual(['blob:sample']));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/v1/google/text-to-speech');
    expect(calls[0]?.headers.Authorization).toBe('Bearer access');
    expect(
      await screen.findByText('Did you hear it? If not, turn the volume up or pick other speakers.'),
    ).toBeTruthy();
    expect(SAMPLE_TEXT).toBe('This is how your partner will sound.');
  });
});
