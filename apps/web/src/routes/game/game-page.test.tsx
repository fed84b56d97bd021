import type { GameView } from '@sayspell/core/protocol/game';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSocketModule } from '../../realtime/use-app-socket.ts';
import { resetFakeSocket } from '../../test/fake-socket.ts';
import { GAME_ID, hidden, partneredGame, played, SPEAKER, SPELLER } from '../../test/games.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { GamePage } from './game-page.tsx';

vi.mock('../../realtime/socket.ts', () => import('../../test/fake-socket.ts'));
// the socket client loads after the page's first render (issue 22); here it is in before the tests
beforeAll(() => loadSocketModule());

function renderGame(game: GameView, me: string) {
  const socket = resetFakeSocket();
  socket.answers = {
    subscribe: () => ({ ok: true }),
    unsubscribe: () => ({ ok: true }),
    'initiate-handshake': () => ({ ok: true, game }),
  };
  const { fetchMock, calls } = mockFetch({ 'POST /v1/delete-unfinished-game': { deleted: true } });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      {
        path: '/game',
        loader: () => ({ game, me }),
        element: <GamePage />,
        hydrateFallbackElement: <span />,
      },
      { path: '/results/:id', element: <p>results page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: ['/game'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { socket, router, calls };
}

const speakerView = (word: string, index = 0, hasHomonyms = false) => ({
  index,
  hasHomonyms,
  word,
  ipa: 'naɪt',
  syllables: 1,
  audio: null,
});

describe('GamePage, partnered', () => {
  beforeEach(() => vi.useRealTimers());

  it('shows the speaker the word to say, its sound and syllables, and no guess box', async () => {
    renderGame(partneredGame({ current: speakerView('knight', 0, true) }), SPEAKER);
    expect(await screen.findByText('Say this word to your partner')).toBeTruthy();
    expect(screen.getByTestId('word-to-say').textContent).toBe('knight');
    expect(screen.getByText('/naɪt/')).toBeTruthy();
    expect(screen.getByText(/1 syllable/)).toBeTruthy();
    expect(screen.getByText('You are the Speaker')).toBeTruthy();
    expect(screen.getByText('Soundalike!')).toBeTruthy();
    expect(screen.queryByLabelText('Your spelling')).toBeNull();
    expect(screen.queryByRole('button', { name: /hear it/i })).toBeNull();
  });

  it('never shows the speller the current word, even if a view carried it; they listen and type', async () => {
    // a view that wrongly carries the word: the speller's screen still must not show it
    const leaky = partneredGame({
      current: {
        index: 0,
        hasHomonyms: true,
        audio: null,
        word: 'pterodactyl',
        ipa: 'ˈtɛrəˌdæktɪl',
        syllables: 4,
      },
    });
    renderGame(leaky, SPELLER);
    expect(await screen.findByLabelText('Your spelling')).toBeTruthy();
    expect(screen.getByText('Listen to your partner')).toBeTruthy();
    expect(screen.getByText('You are the Speller')).toBeTruthy();
    expect(screen.getByText('Soundalike!')).toBeTruthy();
    expect(screen.queryByText('Say this word to your partner')).toBeNull();
    expect(screen.queryByRole('button', { name: /hear it/i })).toBeNull();
    expect(document.body.textContent).not.toMatch(/pterodactyl|ˈtɛrəˌdæktɪl/);
  });

  it("sends the speller's guess for the current turn, and moves on from its answer (a delta)", async () => {
    const { socket } = renderGame(partneredGame(), SPELLER);
    socket.answers['guess-word'] = () => ({
      ok: true,
      game: {
        _id: GAME_ID,
        delta: true,
        from: 2,
        version: 3,
        answered: { index: 0, entry: played('giraffe', 'giraffe', true) },
        currentIndex: 1,
        current: { index: 1, hasHomonyms: false, audio: null },
        serverNow: Date.now(),
      },
    });
    const input = (await screen.findByLabelText('Your spelling')) as HTMLInputElement;
    await waitFor(() => expect(input.readOnly).toBe(false));
    await userEvent.type(input, 'giraffe{Enter}');
    await waitFor(() => expect(socket.count('guess-word')).toBe(1));
    expect(socket.emitted.find((e) => e.event === 'guess-word')?.payload).toEqual({
      gameId: GAME_ID,
      index: 0,
      guess: 'giraffe',
    });
    expect(await screen.findByText('Word 2 of 20')).toBeTruthy();
  });

  it("shows the speaker each of the partner's guesses as it comes, then the next word", async () => {
    const { socket } = renderGame(partneredGame({ current: speakerView('knight') }), SPEAKER);
    expect(await screen.findByTestId('word-to-say')).toBeTruthy();
    const words = [played('knight', 'nite', false), ...Array.from({ length: 19 }, hidden)];
    socket.serve(
      'update-game',
      partneredGame({ words, currentIndex: 1, current: speakerView('giraffe', 1), version: 3 }),
    );
    await waitFor(() => expect(screen.getByTestId('word-to-say').textContent).toBe('giraffe'));
    expect(screen.getByText('Your partner typed')).toBeTruthy();
    expect(screen.getByText('nite')).toBeTruthy();
    expect(screen.getByText('Missed')).toBeTruthy();
    expect(screen.getByText('Word 2 of 20')).toBeTruthy();
  });

  it('waits for the partner while the game is created, handshaking every 100 ms', async () => {
    const { socket } = renderGame(
      partneredGame({ status: 'created', startsAt: null, endsAt: null, current: null }),
      SPEAKER,
    );
    expect(await screen.findByText('Waiting for your partner…')).toBeTruthy();
    await waitFor(() => expect(socket.count('initiate-handshake')).toBeGreaterThanOrEqual(3), {
      timeout: 1000,
    });
    expect(socket.emitted.find((e) => e.event === 'initiate-handshake')?.payload).toEqual({
      gameId: GAME_ID,
    });
  });

  it('tells the one who stayed that the partner left, then shows the results', async () => {
    const { socket, router } = renderGame(partneredGame({ current: speakerView('knight') }), SPEAKER);
    expect(await screen.findByTestId('word-to-say')).toBeTruthy();
    socket.serve('member-removed', { channel: `presence-game-${GAME_ID}`, userId: SPELLER });
    expect(await screen.findByText('Your partner left the game')).toBeTruthy();
    expect(screen.queryByTestId('word-to-say')).toBeNull();
    socket.serve('finish-game', { id: GAME_ID, results: [], time: 12, reason: 'partner-left' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/results/${GAME_ID}`), {
      timeout: 5000,
    });
    expect(router.state.location.state).toEqual({ partnerLeft: true });
  });

  it('goes straight to the results when the game ends normally', async () => {
    const { socket, router } = renderGame(partneredGame(), SPELLER);
    expect(await screen.findByLabelText('Your spelling')).toBeTruthy();
    socket.serve('finish-game', { id: GAME_ID, results: [], time: 90, reason: 'time' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/results/${GAME_ID}`));
    expect(screen.queryByText('Your partner left the game')).toBeNull();
  });
});
