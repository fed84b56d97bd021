import type { GameView, WordEntryView } from '@sayspell/core/protocol/game';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import type { ResultsLoaderData } from './results-loader.ts';
import { ResultsPage } from './results-page.tsx';
import { ScoreCircle } from './score-circle.tsx';

const entry = (word: string, guess: string, correct: boolean): WordEntryView => ({
  word: {
    word,
    homonyms: word === 'knight' ? [{ word: 'night' }] : [],
    category: 'animals',
    ipa: 'naɪt',
    definition: `about ${word}`,
  },
  guess,
  used: true,
  correct,
});

const game = (words: WordEntryView[]): GameView => ({
  _id: 'game-1',
  language: { name: 'English' },
  difficulty: 'beginner',
  category: 'category_animals',
  gameTimer: '90',
  solo: true,
  speaker: null,
  speller: { _id: 'u-1' },
  status: 'finished',
  finished: true,
  words,
  currentIndex: words.length,
  current: null,
  startsAt: 1,
  endsAt: 2,
  finishedAt: 2,
  endedReason: 'words',
  results: words,
  version: 3,
  serverNow: 3,
});

const score = (correct: number, played: number) => ({ correct, played, ratio: correct / played });

describe('ScoreCircle', () => {
  it.each([
    [score(3, 10), 'bad', '30%', 'Keep practising!'],
    [score(4, 10), 'meh', '40%', 'Getting there!'],
    [score(5, 10), 'meh', '50%', 'Getting there!'],
    [score(6, 10), 'good', '60%', 'Brilliant spelling!'],
    [score(10, 10), 'good', '100%', 'Brilliant spelling!'],
  ])('%o is %s', (s, bucket, percent, verdict) => {
    const { container } = renderWithProviders(<ScoreCircle score={s} />);
    expect(container.querySelector('[data-score]')?.getAttribute('data-score')).toBe(bucket);
    expect(screen.getByText(percent)).toBeTruthy();
    expect(screen.getByText(verdict)).toBeTruthy();
  });

  it('shows no score when nothing was played', () => {
    const { container } = renderWithProviders(<ScoreCircle score={score(0, 0)} />);
    expect(container.querySelector('[data-score]')).toBeNull();
    expect(screen.queryByText(/%/)).toBeNull();
    expect(screen.getByText('No words were spelled in this game.')).toBeTruthy();
  });
});

function renderResults({ game }: { game: GameView | null }) {
  const data: ResultsLoaderData = { game, me: 'u-1', partner: null };
  const router = createMemoryRouter(
    [
      {
        path: '/results/:id?',
        loader: () => data,
        element: <ResultsPage />,
        hydrateFallbackElement: <span hidden />,
      },
    ],
    {
      initialEntries: ['/results'],
    },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

describe('ResultsPage', () => {
  it('lists every played word with the guess, right or wrong, IPA and definition', async () => {
    renderResults({ game: game([entry('knight', 'night', true), entry('giraffe', 'jiraf', false)]) });
    expect(await screen.findByText('1 of 2 correct')).toBeTruthy();
    expect(screen.getByText('knight')).toBeTruthy();
    expect(screen.getByText('Also accepted: night')).toBeTruthy();
    // the soundalike typed and accepted is shown too
    expect(screen.getByText(/soundalike, accepted/).textContent).toBe(
      'You typed night, a soundalike, accepted',
    );
    expect(screen.getByText('about giraffe')).toBeTruthy();
    expect(screen.getAllByText('/naɪt/')).toHaveLength(2);
    expect(screen.getByText('jiraf')).toBeTruthy();
    expect(screen.getByText('Right')).toBeTruthy();
    expect(screen.getByText('Wrong')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Play again' }).getAttribute('href')).toBe('/');
  });

  it('without a game shows a friendly way home', async () => {
    renderResults({ game: null });
    expect(await screen.findByText('No results yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Play a game' }).getAttribute('href')).toBe('/');
  });
});
