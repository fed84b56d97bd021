import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { WordOfTheDayPopup } from './word-of-the-day-popup.tsx';

describe('word of the day popup', () => {
  it('shows a loading animation, then the word with the spec headings, and speaks it', async () => {
    const played: string[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        constructor(readonly src: string) {}
        play() {
          played.push(this.src);
          return Promise.resolve();
        }
      },
    );
    // the speech endpoint needs sign-in: the audio is fetched with the token, then played from memory
    storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:harbor', revokeObjectURL() {} }));
    const { fetchMock, calls } = mockFetch({
      'POST /v1/ai/word-of-the-day': {
        word: 'harbor',
        phonetic: '/ˈhɑɹbɚ/',
        syllable: '2',
        definition: 'a sheltered port',
        referenceSentence: 'the ship sailed into the harbor',
      },
    });
    // a fresh audio answer per request (a Response body is read once)
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/v1/google/text-to-speech?')
        ? fetchMock(input, init).then(() => new Response(new Uint8Array([82, 73, 70, 70])))
        : fetchMock(input, init),
    );
    renderWithProviders(<WordOfTheDayPopup opened onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Word of the Day' })).toBeTruthy();
    expect(screen.getByLabelText('Loading the word of the day')).toBeTruthy();
    expect(await screen.findByText('harbor')).toBeTruthy();
    expect(screen.getByText('/ˈhɑɹbɚ/')).toBeTruthy();
    expect(screen.getByText('Syllables: 2')).toBeTruthy();
    expect(screen.getByText('Definition')).toBeTruthy();
    expect(screen.getByText('Example Sentence:')).toBeTruthy();
    expect(screen.getByText('the ship sailed into the harbor')).toBeTruthy();
    await waitFor(() => expect(played).toEqual(['blob:harbor']));
    const spoken = calls.filter((c) => c.path === '/v1/google/text-to-speech');
    expect(spoken).toHaveLength(1);
    expect(spoken[0]?.headers.Authorization).toBe('Bearer access');
    await userEvent.click(screen.getByRole('button', { name: 'Hear it' }));
    await waitFor(() => expect(played).toHaveLength(2));
    const wotd = calls.find((c) => c.path === '/v1/ai/word-of-the-day');
    expect((wotd?.body as { date?: string } | undefined)?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
