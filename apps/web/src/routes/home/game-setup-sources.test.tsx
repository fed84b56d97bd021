import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCurrentGameId } from '../../api/current-game-id.ts';
import { storeTokens } from '../../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { GameSetupCard } from './game-setup-card.tsx';

// the topic sources of the game setup (§2): My Topics, Trending Topics, Enterprise Topics

const guest = { _id: 'u-1', id: 'u-1', username: 'guest-fox', role: 'guest', gameTimer: '90' };
const member = { _id: 'u-2', id: 'u-2', username: 'ada', role: 'user', gameTimer: '45' };
const settings = {
  language: 'English',
  category: 'category_random',
  difficulty: 'beginner',
  mode: 'multi',
  role: 'either',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** a server answer the test releases by hand, to see what shows while it is pending */
function deferred() {
  let release!: (r: Response) => void;
  const promise = new Promise<Response>((r) => {
    release = r;
  });
  return { promise, release };
}

async function setup(answers: Record<string, unknown> = {}, held: Record<string, Promise<Response>> = {}) {
  storeTokens('guest', { accessToken: 'access', refreshToken: 'refresh' });
  const { fetchMock, calls } = mockFetch({
    'GET /v1/users/profile': guest,
    'GET /v1/languages': [{ name: 'English', enabled: true }],
    'GET /v1/users/settings': settings,
    'GET /v1/sayspell-trending-topic': {
      sortedCustomResults: [{ categoryName: 'ocean animals' }, { categoryName: 'music' }],
    },
    ...answers,
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    const answer = fetchMock(input, init);
    return held[key] ?? answer;
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <GameSetupCard /> },
      { path: '/game', element: <p>on the game page</p> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  await screen.findByRole('form', { name: 'Game setup' });
  const start = screen.getByRole('button', { name: /Start game|Find a partner/ }) as HTMLButtonElement;
  await waitFor(() => expect(start.disabled).toBe(false));
  return { calls, router };
}

const radio = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name }) as HTMLInputElement;
const option = (select: string, name: string) =>
  within(screen.getByLabelText(select)).getByRole('option', { name }) as HTMLOptionElement;
const posts = <C extends { method: string; path: string }>(calls: C[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path);

afterEach(() => vi.unstubAllGlobals());

describe('My Topics', () => {
  it('makes a solo game from the typed topic, with the AI-loader while it is made', async () => {
    const create = deferred();
    const { calls, router } = await setup({}, { 'POST /v1/ai/CreateCustomGame': create.promise });
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'category_custom');
    // topic games are solo: the partnered choice is off and the hint says why
    expect(radio('Mode', 'Partnered').disabled).toBe(true);
    expect(radio('Mode', 'Solo').checked).toBe(true);
    expect(screen.getByText(/To play one with a partner, invite them from the Players card/)).toBeTruthy();
    expect(screen.queryByLabelText('Category')).toBeNull();

    await userEvent.type(screen.getByLabelText('Topic'), '  ocean animals ');
    await userEvent.click(radio('Difficulty', 'Intermediate'));
    await userEvent.click(screen.getByRole('button', { name: 'Start game' }));

    // the AI-loader is a chunk of its own, loaded with the first topic game: slow on a busy machine
    const status = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(status.textContent).toContain('Finding words about “ocean animals”');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(posts(calls, '/v1/ai/CreateCustomGame')[0]?.body).toEqual({
      category: 'ocean animals',
      gametimer: '90',
      userId: 'u-1',
      difficulty: '1',
      language: 'English',
    });
    expect(router.state.location.pathname).toBe('/');

    create.release(json(200, { _id: 'custom-1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(getCurrentGameId()).toBe('custom-1');
    expect(posts(calls, '/v1/game')).toHaveLength(0);
  });

  it('checks the topic before asking the server', async () => {
    const { calls } = await setup();
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'category_custom');
    await userEvent.type(screen.getByLabelText('Topic'), 'r2d2');
    await userEvent.click(screen.getByRole('button', { name: 'Start game' }));
    expect(await screen.findByText('The topic must be words: letters, spaces, hyphens.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Topic'));
    await userEvent.clear(screen.getByLabelText('Topic'));
    await userEvent.click(screen.getByRole('button', { name: 'Start game' }));
    expect(await screen.findByText('The topic must be at least 2 characters.')).toBeTruthy();
    expect(posts(calls, '/v1/ai/CreateCustomGame')).toHaveLength(0);
  });

  it("shows the server's reason in the loader and lets the player try another topic", async () => {
    const message = '"zzz" gave only 2 playable words; a game needs 10. Try a broader topic.';
    const { calls, router } = await setup({
      'POST /v1/ai/CreateCustomGame': json(422, { statusCode: 422, error: 'Unprocessable Entity', message }),
    });
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'category_custom');
    await userEvent.type(screen.getByLabelText('Topic'), 'zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Start game' }));

    const dialog = await screen.findByRole('dialog', { name: 'That topic did not work' });
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try another topic' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Topic')));
    expect(router.state.location.pathname).toBe('/');
    expect(posts(calls, '/v1/ai/CreateCustomGame')).toHaveLength(1);
  });
});

describe('Trending Topics', () => {
  it('plays a topic picked from the trending list', async () => {
    const { calls, router } = await setup({ 'POST /v1/ai/CreateCustomGame': { _id: 'custom-2' } });
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'trending');
    expect(option('Trending topic', 'Ocean animals').selected).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Trending topic'), 'music');
    await userEvent.click(screen.getByRole('button', { name: 'Start game' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    expect(posts(calls, '/v1/ai/CreateCustomGame')[0]?.body).toMatchObject({
      category: 'music',
      difficulty: '0',
      gametimer: '90',
    });
  });

  it('says so when nothing is trending yet, and cannot start', async () => {
    await setup({ 'GET /v1/sayspell-trending-topic': { sortedCustomResults: [] } });
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'trending');
    expect(option('Trending topic', 'Nothing trending yet')).toBeTruthy();
    expect(screen.getByText('Be the first: pick My Topics and type one.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start game' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Enterprise Topics', () => {
  it('is offered only when topics are assigned, and creates the game with the spec payload', async () => {
    const { calls, router } = await setup({
      'GET /v1/users/profile': member,
      'POST /v1/enterprise/fetchAssignedEnterpriseTopics': { uniqueTopics: ['Safety', 'Onboarding'] },
      'POST /v1/enterprise/CreateEnterpriseGame': { _id: 'ent-1' },
    });
    await waitFor(() => expect(option('Source', 'Enterprise Topics').disabled).toBe(false));
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'category_enterprise');
    await userEvent.selectOptions(screen.getByLabelText('Enterprise topic'), 'Onboarding');
    await userEvent.click(screen.getByRole('button', { name: 'Start game' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'));
    // the spec's defaults: difficulty 'begginer' (as spelt), the timer from the player's gameTimer
    expect(posts(calls, '/v1/enterprise/CreateEnterpriseGame')[0]?.body).toEqual({
      enterPriseCategory: 'Onboarding',
      gametimer: '45',
      userId: 'u-2',
      difficulty: 'begginer',
    });
    expect(getCurrentGameId()).toBe('ent-1');
  });

  it('stays unavailable when none are assigned', async () => {
    const { calls } = await setup({
      'GET /v1/users/profile': member,
      'POST /v1/enterprise/fetchAssignedEnterpriseTopics': { uniqueTopics: [] },
    });
    await waitFor(() => expect(posts(calls, '/v1/enterprise/fetchAssignedEnterpriseTopics')).toHaveLength(1));
    expect(option('Source', 'Enterprise Topics (none assigned)').disabled).toBe(true);
  });

  it('a saved enterprise source opens on it', async () => {
    await setup({
      'GET /v1/users/profile': member,
      'GET /v1/users/settings': { ...settings, category: 'category_enterprise' },
      'POST /v1/enterprise/fetchAssignedEnterpriseTopics': { uniqueTopics: ['Safety'] },
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Source') as HTMLSelectElement).value).toBe('category_enterprise'),
    );
    expect((screen.getByLabelText('Enterprise topic') as HTMLSelectElement).value).toBe('Safety');
  });
});
