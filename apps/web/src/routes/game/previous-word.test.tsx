import { MantineProvider } from '@mantine/core';
import type { WordEntryView } from '@sayspell/core/protocol/game';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PreviousWord } from './previous-word.tsx';

const played = (guess: string, correct: boolean): WordEntryView => ({
  word: {
    word: 'knight',
    homonyms: [{ word: 'night' }],
    category: 'soundalikes',
    ipa: 'naɪt',
    definition: null,
  },
  guess,
  used: true,
  correct,
});

const at = (entry: WordEntryView | undefined, guessedBy: 'you' | 'partner' = 'you') => (
  <MantineProvider>
    <PreviousWord entry={entry} guessedBy={guessedBy} />
  </MantineProvider>
);

describe('the last word for screen readers', () => {
  it('is announced from a region there before the first guess, right or wrong in words', () => {
    const { rerender } = render(at(undefined));
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    rerender(at(played('night', true)));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Correct: knight.');
    rerender(at(played('nite', false), 'partner'));
    expect(region.textContent).toBe('Missed: knight. Your partner typed nite.');
    // colour is not the only signal: the card says it too
    expect(screen.getByText('Missed')).toBeTruthy();
  });
});
