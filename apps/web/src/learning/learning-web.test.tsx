import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../auth/token-storage.ts';
import { GameSetupCard } from '../routes/home/game-setup-card.tsx';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { BeeAsks } from './bee-asks.tsx';
import { DueWordsCard } from './due-words-card.tsx';
import { ProgressPage } from './progress-page.tsx';
import { daySeries } from './progress-series.ts';

// the learning loop on the web (issue 17): setup's Practice and Adaptive, the home widget, the
// progress page's figures, and the spelling bee's asks

const guest = { _id: 'u-1', id: 'u-1', username: 'guest-fox', role: 'guest', gameTimer: '90' };
const settings = {
  language: 'English',
  category: 'category_random',
  difficulty: 'beginner',
  mode: 'multi',
  role: 'either',
};
const game = { _id: 'g-1' };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function render(element: React.ReactNode, answers: Record<string, unknown>) {
  storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
  const { fetchMock, calls } = mockFetch({
    'GET /v1/users/profile': guest,
    'GET /v1/languages': [{ name: 'English', enabled: true }],
    'GET /v1/users/settings': settings,
    'GET /v1/sayspell-trending-topic': { sortedCustomResults: [] },
    ...answers,
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/game', element: <p>on the game page</p> },
      { path: '/progress', element: <p>on the progress page</p> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { calls, router };
}
const posts = (calls: { method: string; path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

afterEach(() => vi.unstubAllGlobals());

describe('game setup: Practice my words and Adaptive', () => {
  it('plays the due words solo, and says how many there are', async () => {
    const { calls, router } = render(<GameSetupCard />, {
      'GET /v1/learning/due': { due: 3, rating: 1500, streak: 2 },
      'POST /v1/game': game,
    });
    const source = await screen.findByRole('combobox', { name: 'Source' });
    await userEvent.selectOptions(source, 'practice');
    // the count loads lazily, with its own request
    await waitFor(() => expect(screen.getByTestId('practice-due').textContent).toBe('3 words due today'), {
      timeout: 10_000,
    });
    expect(screen.getByRole('radio', { name: 'Partnered' }) as HTMLInputElement).toHaveProperty(
      'disabled',
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start game' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(posts(calls, '/v1/game')[0]).toMatchObject({
      category: 'category_practice',
      solo: true,
      speller: 'u-1',
    });
  });

  it('offers Adaptive for solo games only', async () => {
    const { calls } = render(<GameSetupCard />, { 'POST /v1/game': game });
    await userEvent.click(await screen.findByRole('switch', { name: /Adaptive/ }));
    expect(screen.getByRole('radio', { name: 'Partnered' }) as HTMLInputElement).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText(/Adaptive is solo/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start game' }));
    await waitFor(() => expect(posts(calls, '/v1/game')).toHaveLength(1));
    expect(posts(calls, '/v1/game')[0]).toMatchObject({ difficulty: 'adaptive', solo: true });
  });
});

describe('home: the due words', () => {
  it('shows the count and the streak, and practises in one tap', async () => {
    const { calls, router } = render(<DueWordsCard />, {
      'GET /v1/learning/due': { due: 4, rating: 1500, streak: 3 },
      'POST /v1/game': game,
    });
    expect((await screen.findByTestId('due-words')).textContent).toContain('4 words due today');
    expect(screen.getByText(/3-day streak/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Practise' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(posts(calls, '/v1/game')[0]).toMatchObject({ category: 'category_practice', language: 'English' });
  });

  it('has no button when nothing is due', async () => {
    render(<DueWordsCard />, { 'GET /v1/learning/due': { due: 0, rating: 1500, streak: 0 } });
    expect((await screen.findByTestId('due-words')).textContent).toContain('No words due today');
    expect(screen.queryByRole('button', { name: 'Practise' })).toBeNull();
  });
});

const today = new Date().toISOString().slice(0, 10);
const progress = {
  streak: 2,
  due: 1,
  rating: 1530,
  met: 25,
  mastered: 12,
  known: 10,
  days: [{ day: today, guesses: 10, right: 7, newWords: 5 }],
  boxes: [0, 1, 2, 3, 4, 5].map((box) => ({ box, words: box === 0 ? 3 : box === 3 ? 2 : 0 })),
  byDifficulty: [
    { difficulty: 'beginner', guesses: 20, right: 18 },
    { difficulty: 'intermediate', guesses: 10, right: 5 },
    { difficulty: 'advanced', guesses: 0, right: 0 },
  ],
};

describe('progress page', () => {
  it('shows the streak, the figures and the four charts with their summaries', async () => {
    render(<ProgressPage />, { 'GET /v1/learning/progress': progress });
    expect((await screen.findByTestId('streak')).textContent).toContain('2 days');
    expect(screen.getByTestId('progress-due')?.textContent).toContain('1');
    expect(screen.getByText('25 words met in all, 5 new in the last 30 days.')).toBeTruthy();
    expect(screen.getByText('70 % right on average over 1 day played.')).toBeTruthy();
    expect(screen.getByText('Missed · 1 day').closest('li')?.textContent).toContain('3');
    expect(screen.getByText('Beginner').closest('li')?.textContent).toContain('90 %');
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it('counts words met day by day, the ones before the window included', () => {
    const now = Date.parse(`${today}T12:00:00Z`);
    const points = daySeries({ met: 25, days: progress.days }, now, 7);
    expect(points).toHaveLength(7);
    expect(points[0]?.learned).toBe(20);
    expect(points[6]).toMatchObject({ day: today, learned: 25, accuracy: 0.7 });
    expect(points[5]?.accuracy).toBeNull();
  });
});

describe("the spelling bee's asks", () => {
  it('shows a text answer, and rests a button once its asks are used up', async () => {
    const { calls } = render(<BeeAsks gameId="g-1" index={2} />, {
      'POST /v1/learning/ask': json(200, { kind: 'definition', text: 'a large … of letters' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Definition' }));
    expect((await screen.findByTestId('ask-definition')).textContent).toContain(
      'Definition: a large … of letters',
    );
    expect(screen.getByRole('button', { name: 'Definition' }) as HTMLInputElement).toHaveProperty(
      'disabled',
      true,
    );
    expect(posts(calls, '/v1/learning/ask')[0]).toEqual({ gameId: 'g-1', index: 2, kind: 'definition' });
  });

  it('offers the language of origin and shows its answer', async () => {
    const { calls } = render(<BeeAsks gameId="g-1" index={4} />, {
      'POST /v1/learning/ask': json(200, { kind: 'origin', text: 'This word comes from Latin.' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Origin' }));
    expect((await screen.findByTestId('ask-origin')).textContent).toBe('This word comes from Latin.');
    expect(screen.getByRole('button', { name: 'Origin' }) as HTMLInputElement).toHaveProperty(
      'disabled',
      true,
    );
    expect(posts(calls, '/v1/learning/ask')[0]).toEqual({ gameId: 'g-1', index: 4, kind: 'origin' });
  });

  it("says the server's sentence when an ask is refused", async () => {
    render(<BeeAsks gameId="g-1" index={0} />, {
      'POST /v1/learning/ask': json(404, {
        statusCode: 404,
        error: 'Not Found',
        message: 'There is no example sentence for this word.',
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'In a sentence' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'There is no example sentence for this word.',
    );
    expect(screen.getByRole('button', { name: 'In a sentence' }) as HTMLInputElement).toHaveProperty(
      'disabled',
      true,
    );
  });
});
