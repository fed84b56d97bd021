import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getCurrentGameId } from '../../api/current-game-id.ts';
import { storeTokens } from '../../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { GameSetupCard } from './game-setup-card.tsx';

const user = { _id: 'u-1', id: 'u-1', username: 'guest-fox', role: 'guest' };
const languages = [
  { name: 'English', enabled: true },
  { name: 'Spanish', enabled: false },
];

async function setup(answers: Record<string, unknown> = {}) {
  storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
  const { fetchMock, calls } = mockFetch({
    'GET /v1/users/profile': user,
    'GET /v1/languages': languages,
    'GET /v1/users/settings': {
      language: 'English',
      category: 'category_random',
      difficulty: 'beginner',
      mode: 'solo',
      role: 'either',
    },
    'POST /v1/game': { _id: 'game-1' },
    ...answers,
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/', element: <GameSetupCard /> },
      { path: '/game', element: <p>on the game page</p> },
      { path: '/matching', element: <p>matching</p> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  // the form waits for the player's saved settings
  await screen.findByRole('form', { name: 'Game setup' });
  return { calls, router };
}

const radio = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name }) as HTMLInputElement;
const option = (select: string, name: string) =>
  within(screen.getByLabelText(select)).getByRole('option', { name }) as HTMLOptionElement;

describe('GameSetupCard', () => {
  it("starts from the player's saved settings", async () => {
    await setup({
      'GET /v1/users/settings': {
        language: 'English',
        category: 'category_animals',
        difficulty: 'advanced',
        mode: 'multi',
        role: 'speaker',
      },
    });
    expect(radio('Difficulty', 'Advanced').checked).toBe(true);
    expect(radio('Mode', 'Partnered').checked).toBe(true);
    expect(radio('Role', 'Speaker').checked).toBe(true);
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('category_animals');
    expect(screen.getByRole('button', { name: 'Find a partner' })).toBeTruthy();
  });

  it('in solo offers only the speller role', async () => {
    await setup();
    expect(radio('Mode', 'Solo').checked).toBe(true);
    expect(radio('Role', 'Speller').checked).toBe(true);
    expect(radio('Role', 'Speaker').disabled).toBe(true);
    expect(radio('Role', 'Either').disabled).toBe(true);
  });

  it('in partnered mode every role can be picked', async () => {
    await setup();
    expect(radio('Mode', 'Partnered').disabled).toBe(false);
    await userEvent.click(radio('Mode', 'Partnered'));
    for (const role of ['Speaker', 'Speller', 'Either']) expect(radio('Role', role).disabled).toBe(false);
    await userEvent.click(radio('Role', 'Speaker'));
    expect(radio('Role', 'Speaker').checked).toBe(true);
    expect(screen.getByText('You see each word and say it to your partner.')).toBeTruthy();
  });

  it('a partnered game goes to /matching with the settings, without creating a game', async () => {
    const { calls, router } = await setup();
    const start = screen.getByRole('button', { name: 'Start game' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(radio('Mode', 'Partnered'));
    await userEvent.click(radio('Role', 'Either'));
    await userEvent.click(radio('Difficulty', 'Advanced'));
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'category_law');
    await userEvent.click(screen.getByRole('button', { name: 'Find a partner' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/matching'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      language: 'English',
      difficulty: 'advanced',
      category: 'category_law',
      role: 'either',
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/game')).toBe(false);
  });

  it('shows the disabled categories, sources and languages but does not let them be picked', async () => {
    await setup();
    await waitFor(() => expect(option('Language', 'English').selected).toBe(true));
    expect(option('Language', 'Spanish (coming soon)').disabled).toBe(true);
    for (const name of ['Home', 'People', 'Sports', 'Tech', 'Travel', 'Work']) {
      expect(option('Category', `${name} (coming soon)`).disabled).toBe(true);
    }
    expect(option('Category', 'Animals').disabled).toBe(false);
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('category_random');
    expect(option('Source', 'SaySpell Topics').selected).toBe(true);
    expect(option('Source', 'My Topics').disabled).toBe(false);
    expect(option('Source', 'Trending Topics').disabled).toBe(false);
    // a guest has no enterprise topics
    expect(option('Source', 'Enterprise Topics (none assigned)').disabled).toBe(true);

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'category_tech').catch(() => {});
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('category_random');
  });

  it('posts the solo game and moves to /game', async () => {
    const { calls, router } = await setup();
    const start = screen.getByRole('button', { name: 'Start game' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));

    await userEvent.click(radio('Difficulty', 'Intermediate'));
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'category_animals');
    await userEvent.click(start);

    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/v1/game');
    expect(post?.body).toEqual({
      language: 'English',
      difficulty: 'intermediate',
      category: 'category_animals',
      gameTimer: '90',
      solo: true,
      speller: 'u-1',
    });
    expect(post?.headers.Authorization).toBe('Bearer access');
    expect(getCurrentGameId()).toBe('game-1');
  });

  it("shows the server's message when the game cannot be created", async () => {
    const { router } = await setup({
      'POST /v1/game': new Response(
        JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'No words for that category yet.' }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      ),
    });
    const start = screen.getByRole('button', { name: 'Start game' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(start);
    expect(await screen.findByText('No words for that category yet.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
