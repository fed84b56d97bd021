import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
    const { fetchMock, calls } = mockFetch({
      'POST /v1/ai/word-of-the-day': {
        word: 'harbor',
        phonetic: '/ˈhɑɹbɚ/',
        syllable: '2',
        definition: 'a sheltered port',
        referenceSentence: 'the ship sailed into the harbor',
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<WordOfTheDayPopup opened onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Word of the Day' })).toBeTruthy();
    expect(screen.getByLabelText('Loading the word of the day')).toBeTruthy();
    expect(await screen.findByText('harbor')).toBeTruthy();
    expect(screen.getByText('/ˈhɑɹbɚ/')).toBeTruthy();
    expect(screen.getByText('Syllables: 2')).toBeTruthy();
    expect(screen.getByText('Definition')).toBeTruthy();
    expect(screen.getByText('Example Sentence:')).toBeTruthy();
    expect(screen.getByText('the ship sailed into the harbor')).toBeTruthy();
    expect(played).toEqual(['/v1/google/text-to-speech?text=harbor']);
    await userEvent.click(screen.getByRole('button', { name: 'Hear it' }));
    expect(played).toHaveLength(2);
    expect((calls[0]?.body as { date?: string } | undefined)?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
