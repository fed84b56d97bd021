import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../auth/token-storage.ts';
import { readLog } from '../../platform/app-log.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { WordsPage } from './words-page.tsx';

const admin = { _id: 'a-1', id: 'a-1', username: 'boss', role: 'admin' };
const audit = {
  entries: [
    {
      id: 1,
      action: 'add-word',
      language: 'English',
      word: 'fjord',
      other: null,
      adminId: 'a-1',
      createdAt: 1_700_000_000_000,
    },
    {
      id: 2,
      action: 'add-homonym',
      language: null,
      word: 'fjord',
      other: 'fyord',
      adminId: 'a-1',
      createdAt: 1_700_000_100_000,
    },
  ],
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(answers: Record<string, unknown> = {}) {
  storeTokens('local', { accessToken: 'access', refreshToken: 'refresh' });
  const mock = mockFetch({
    'GET /v1/users/profile': admin,
    'GET /v1/languages': [
      { name: 'English', enabled: true },
      { name: 'Spanish', enabled: false },
    ],
    'GET /v1/admin/word-audit': audit,
    'POST /v1/add-word': { ok: true, changed: 1 },
    'POST /v1/remove-word': { ok: true, changed: 1 },
    'POST /v1/add-homonym': { ok: true, changed: 2 },
    'POST /v1/remove-homonym': { ok: true, changed: 2 },
    'GET /v1/words/pronunciation': { word: 'fjord', ipa: 'fjɔrd' },
    ...answers,
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  renderWithProviders(<WordsPage />);
  return mock;
}

const posted = (calls: { method: string; path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
const wordForm = () => screen.getByRole('form', { name: 'Add or remove a word' });
const pairForm = () => screen.getByRole('form', { name: 'Add or remove a homophone pair' });

afterEach(() => {
  vi.unstubAllGlobals();
  // mantine keeps notifications in a module-wide store and shows five at a time: each test starts clean
  notifications.clean();
});

describe('WordsPage', () => {
  it('shows the audit trail newest first', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'fjord = fyord',
      'fjordEnglish',
    ]);
    expect(within(rows[0]!).getByText('Pair added')).toBeTruthy();
    expect(within(rows[1]!).getByText('Word added')).toBeTruthy();
  });

  it('adds a word with its language, category and difficulty, then refreshes the trail', async () => {
    const { calls } = setup();
    await screen.findByRole('table', { name: 'Audit trail' });
    const form = wordForm();
    await userEvent.selectOptions(within(form).getByLabelText('Language'), 'Spanish');
    await userEvent.type(within(form).getByLabelText('Word'), ' Zorbify ');
    await userEvent.selectOptions(within(form).getByLabelText(/Category/), 'landscapes');
    await userEvent.selectOptions(within(form).getByLabelText(/Difficulty/), 'advanced');
    await userEvent.click(within(form).getByRole('button', { name: 'Add word' }));
    expect(await screen.findByText('“zorbify” was added to the Spanish words.')).toBeTruthy();
    expect(posted(calls, '/v1/add-word')).toEqual([
      { language: 'Spanish', word: 'zorbify', category: 'landscapes', difficulty: 'advanced' },
    ]);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/v1/admin/word-audit').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('removes a word and sends only language and word', async () => {
    const { calls } = setup();
    const form = wordForm();
    await userEvent.type(within(form).getByLabelText('Word'), 'fjord');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove word' }));
    expect(await screen.findByText('“fjord” was removed from the English words.')).toBeTruthy();
    expect(posted(calls, '/v1/remove-word')).toEqual([{ language: 'English', word: 'fjord' }]);
  });

  it('checks the word before sending, and shows the server refusing', async () => {
    const { calls } = setup({
      'POST /v1/add-word': json(409, {
        statusCode: 409,
        error: 'Conflict',
        message: '"fjord" is already in the random words.',
      }),
    });
    const form = wordForm();
    await userEvent.type(within(form).getByLabelText('Word'), 'fj0rd');
    await userEvent.click(within(form).getByRole('button', { name: 'Add word' }));
    expect(await within(form).findByText(/word must be letters only/)).toBeTruthy();
    expect(posted(calls, '/v1/add-word')).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Word'));
    await userEvent.type(within(form).getByLabelText('Word'), 'fjord');
    await userEvent.click(within(form).getByRole('button', { name: 'Add word' }));
    expect(await screen.findByText('"fjord" is already in the random words.')).toBeTruthy();
    expect(screen.getByText('Not saved')).toBeTruthy();
  });

  it('adds and removes a homophone pair', async () => {
    const { calls } = setup();
    const form = pairForm();
    await userEvent.type(within(form).getByLabelText('Word'), 'fjord');
    await userEvent.type(within(form).getByLabelText('Sounds like'), 'Fyord');
    await userEvent.click(within(form).getByRole('button', { name: 'Add pair' }));
    expect(await screen.findByText('“fjord” and “fyord” now count as the same word.')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Remove pair' }));
    expect(await screen.findByText('“fjord” and “fyord” are no longer homophones.')).toBeTruthy();
    expect(posted(calls, '/v1/add-homonym')).toEqual([{ word1: 'fjord', word2: 'fyord' }]);
    expect(posted(calls, '/v1/remove-homonym')).toEqual([{ word1: 'fjord', word2: 'fyord' }]);
  });

  it('refuses a pair of the same word without asking the server', async () => {
    const { calls } = setup();
    const form = pairForm();
    await userEvent.type(within(form).getByLabelText('Word'), 'pair');
    await userEvent.type(within(form).getByLabelText('Sounds like'), 'pair');
    await userEvent.click(within(form).getByRole('button', { name: 'Add pair' }));
    expect(await within(form).findByText('word1 and word2 must be two different words.')).toBeTruthy();
    expect(posted(calls, '/v1/add-homonym')).toHaveLength(0);
  });

  it('shows the IPA of the word being typed, looked up by its spelling', async () => {
    const { fetchMock } = setup();
    const asked: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/v1/words/')) asked.push(String(input));
      return fetchMock(input, init);
    });
    const form = wordForm();
    expect(within(form).getByText('Type a word to see its IPA.')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Word'), 'Fjord');
    expect(await within(form).findByText('/fjɔrd/')).toBeTruthy();
    // asked once the typing stopped, by the spelling as it is saved
    expect(asked).toEqual(['/v1/words/pronunciation?word=fjord']);
  });

  it("says 'Not available' for a word SaySpell has no pronunciation of", async () => {
    setup({ 'GET /v1/words/pronunciation': { word: 'zorbify', ipa: null } });
    const form = wordForm();
    await userEvent.type(within(form).getByLabelText('Word'), 'zorbify');
    expect(await within(form).findByText('Not available')).toBeTruthy();
  });

  it("says 'Error fetching data' when the lookup fails, and only logs the failure", async () => {
    setup({
      'GET /v1/words/pronunciation': json(503, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The word data is resting.',
      }),
    });
    const form = wordForm();
    await userEvent.type(within(form).getByLabelText('Word'), 'fjord');
    expect(await within(form).findByText('Error fetching data')).toBeTruthy();
    expect(readLog().some((e) => e.area === 'word data' && e.message === 'The word data is resting.')).toBe(
      true,
    );
    // no message for the user beyond the fallback text (§8 "only logged")
    expect(screen.queryByText('The word data is resting.')).toBeNull();
    // the change itself still works
    await userEvent.click(within(form).getByRole('button', { name: 'Add word' }));
    expect(await screen.findByText('“fjord” was added to the English words.')).toBeTruthy();
  });

  it('is for administrators only', async () => {
    const { calls } = setup({ 'GET /v1/users/profile': { ...admin, role: 'user' } });
    expect(await screen.findByText('This page is for administrators.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/admin/word-audit')).toBe(false);
  });
});
