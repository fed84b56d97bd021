import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../auth/token-storage.ts';
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

afterEach(() => vi.unstubAllGlobals());

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

  it('is for administrators only', async () => {
    const { calls } = setup({ 'GET /v1/users/profile': { ...admin, role: 'user' } });
    expect(await screen.findByText('This page is for administrators.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/admin/word-audit')).toBe(false);
  });
});
