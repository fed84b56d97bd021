import { notifications } from '@mantine/notifications';
import type { EnterpriseView } from '@sayspell/core/protocol/enterprise';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { EnterprisesPage } from './enterprises-page.tsx';

const admin = { _id: 'a-1', id: 'a-1', username: 'boss', role: 'admin' };
const ADA = { _id: 'u-1', username: 'ada', email: 'ada@example.org' };
const SAFETY = {
  _id: 't-1',
  name: 'Safety',
  words: ['helmet', 'glove', 'ladder'],
  difficulty: 'beginner' as const,
};
const acme: EnterpriseView = { _id: 'e-1', name: 'Acme', members: [ADA], topics: [SAFETY] };
const globex: EnterpriseView = { _id: 'e-2', name: 'Globex', members: [], topics: [] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refused = (status: number, message: string) =>
  json(status, { statusCode: status, error: 'Refused', message });

function setup(answers: Record<string, unknown> = {}) {
  storeTokens('local', { accessToken: 'access', refreshToken: 'refresh' });
  const mock = mockFetch({
    'GET /v1/users/profile': admin,
    'GET /v1/admin/enterprises': { data: [acme, globex] },
    ...answers,
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  renderWithProviders(<EnterprisesPage />);
  return mock;
}

const sent = (calls: { method: string; path: string; body: unknown }[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).map((c) => c.body ?? null);
const card = (name: string) => screen.findByRole('region', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  // mantine keeps notifications in a module-wide store and shows five at a time: each test starts clean
  notifications.clean();
});

describe('EnterprisesPage', () => {
  it('lists every enterprise with its members and topics', async () => {
    setup();
    const a = await card('Acme');
    expect(within(a).getByText('1 member · 1 topic')).toBeTruthy();
    const members = within(a).getByRole('list', { name: 'Members' });
    expect(within(members).getByText('ada')).toBeTruthy();
    expect(within(members).getByText('ada@example.org')).toBeTruthy();
    const topic = within(a).getByRole('listitem', { name: 'Safety' });
    expect(within(topic).getByText('Beginner')).toBeTruthy();
    expect(within(topic).getByText('3 words: helmet, glove, ladder')).toBeTruthy();
    const g = await card('Globex');
    expect(within(g).getByText('No members yet.')).toBeTruthy();
    expect(within(g).getByText(/No topics yet/)).toBeTruthy();
  });

  it('creates an enterprise, after checking its name', async () => {
    const initech: EnterpriseView = { _id: 'e-3', name: 'Initech', members: [], topics: [] };
    const { calls } = setup({ 'POST /v1/admin/enterprises': { data: initech } });
    await card('Acme');
    const form = screen.getByRole('form', { name: 'New enterprise' });
    await userEvent.type(within(form).getByLabelText('Enterprise name'), 'I');
    await userEvent.click(within(form).getByRole('button', { name: 'Create enterprise' }));
    expect(await within(form).findByText('The enterprise name must be at least 2 characters.')).toBeTruthy();
    expect(sent(calls, 'POST', '/v1/admin/enterprises')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Enterprise name'), 'nitech ');
    await userEvent.click(within(form).getByRole('button', { name: 'Create enterprise' }));
    expect(await screen.findByText('“Initech” was created.')).toBeTruthy();
    expect(sent(calls, 'POST', '/v1/admin/enterprises')).toEqual([{ name: 'Initech' }]);
    expect(await card('Initech')).toBeTruthy();
    expect((within(form).getByLabelText('Enterprise name') as HTMLInputElement).value).toBe('');
  });

  it('shows why the server refused a new enterprise', async () => {
    setup({
      'POST /v1/admin/enterprises': refused(409, 'There is already an enterprise called "Acme".'),
    });
    await card('Acme');
    const form = screen.getByRole('form', { name: 'New enterprise' });
    await userEvent.type(within(form).getByLabelText('Enterprise name'), 'ACME');
    await userEvent.click(within(form).getByRole('button', { name: 'Create enterprise' }));
    expect(await screen.findByText('There is already an enterprise called "Acme".')).toBeTruthy();
    expect(screen.getByText('Not saved')).toBeTruthy();
  });

  it('adds a member by e-mail or username, and shows a refusal', async () => {
    const bob = { _id: 'u-2', username: 'bob', email: 'bob@example.org' };
    const { calls } = setup({
      'POST /v1/admin/enterprises/e-1/members': { data: { ...acme, members: [ADA, bob] } },
      'POST /v1/admin/enterprises/e-2/members': refused(404, 'There is no account "nobody".'),
    });
    const form = within(await card('Acme')).getByRole('form', { name: 'Add a member to Acme' });
    await userEvent.type(within(form).getByLabelText('E-mail or username'), ' Bob@Example.org ');
    await userEvent.click(within(form).getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('bob is now a member of Acme.')).toBeTruthy();
    expect(sent(calls, 'POST', '/v1/admin/enterprises/e-1/members')).toEqual([{ user: 'Bob@Example.org' }]);
    expect(within(await card('Acme')).getByText('2 members · 1 topic')).toBeTruthy();
    expect((within(form).getByLabelText('E-mail or username') as HTMLInputElement).value).toBe('');

    const other = within(await card('Globex')).getByRole('form', { name: 'Add a member to Globex' });
    await userEvent.click(within(other).getByRole('button', { name: 'Add member' }));
    expect(await within(other).findByText('user must be an e-mail address or a username.')).toBeTruthy();
    await userEvent.type(within(other).getByLabelText('E-mail or username'), 'nobody');
    await userEvent.click(within(other).getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('There is no account "nobody".')).toBeTruthy();
    // what was typed stays, to be corrected
    expect((within(other).getByLabelText('E-mail or username') as HTMLInputElement).value).toBe('nobody');
  });

  it('removes a member', async () => {
    const { calls } = setup({
      'DELETE /v1/admin/enterprises/e-1/members/u-1': { data: { ...acme, members: [] } },
    });
    const a = await card('Acme');
    await userEvent.click(within(a).getByRole('button', { name: 'Remove ada' }));
    expect(await screen.findByText('ada is no longer a member of Acme.')).toBeTruthy();
    expect(sent(calls, 'DELETE', '/v1/admin/enterprises/e-1/members/u-1')).toHaveLength(1);
    expect(within(a).getByText('No members yet.')).toBeTruthy();
  });

  it('adds a topic with its words and difficulty', async () => {
    const onboarding = {
      _id: 't-2',
      name: 'Onboarding',
      words: ['badge', 'desk', 'email', 'lunch'],
      difficulty: 'intermediate' as const,
    };
    const { calls } = setup({
      'POST /v1/admin/enterprises/e-1/topics': { data: { ...acme, topics: [onboarding, SAFETY] } },
    });
    const form = within(await card('Acme')).getByRole('form', { name: 'Add a topic to Acme' });
    await userEvent.type(within(form).getByLabelText('Topic name'), 'Onboarding');
    await userEvent.selectOptions(within(form).getByLabelText('Difficulty'), 'intermediate');
    await userEvent.type(within(form).getByLabelText(/^Words/), 'badge, desk{enter}email   lunch,');
    await userEvent.click(within(form).getByRole('button', { name: 'Add topic' }));
    expect(await screen.findByText('“Onboarding” was added to Acme with 4 words.')).toBeTruthy();
    expect(sent(calls, 'POST', '/v1/admin/enterprises/e-1/topics')).toEqual([
      { name: 'Onboarding', words: ['badge', 'desk', 'email', 'lunch'], difficulty: 'intermediate' },
    ]);
    const topic = within(await card('Acme')).getByRole('listitem', { name: 'Onboarding' });
    expect(within(topic).getByText('Intermediate')).toBeTruthy();
    expect((within(form).getByLabelText(/^Words/) as HTMLTextAreaElement).value).toBe('');
  });

  it('checks a topic before sending, and shows the words the dictionary does not know', async () => {
    const { calls } = setup({
      'POST /v1/admin/enterprises/e-2/topics': refused(
        400,
        'These words are not in the dictionary: qwzx, blorf.',
      ),
    });
    const form = within(await card('Globex')).getByRole('form', { name: 'Add a topic to Globex' });
    await userEvent.type(within(form).getByLabelText('Topic name'), 'Gadgets');
    await userEvent.click(within(form).getByRole('button', { name: 'Add topic' }));
    expect(await within(form).findByText('A topic needs at least one word.')).toBeTruthy();
    expect(sent(calls, 'POST', '/v1/admin/enterprises/e-2/topics')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^Words/), 'phone qwzx blorf');
    await userEvent.click(within(form).getByRole('button', { name: 'Add topic' }));
    expect(await screen.findByText('These words are not in the dictionary: qwzx, blorf.')).toBeTruthy();
    // no difficulty chosen: none is sent
    expect(sent(calls, 'POST', '/v1/admin/enterprises/e-2/topics')).toEqual([
      { name: 'Gadgets', words: ['phone', 'qwzx', 'blorf'] },
    ]);
  });

  it('removes a topic', async () => {
    const { calls } = setup({
      'DELETE /v1/admin/enterprises/e-1/topics/t-1': { data: { ...acme, topics: [] } },
    });
    const a = await card('Acme');
    await userEvent.click(within(a).getByRole('button', { name: 'Remove Safety' }));
    expect(await screen.findByText('“Safety” was removed from Acme.')).toBeTruthy();
    expect(sent(calls, 'DELETE', '/v1/admin/enterprises/e-1/topics/t-1')).toHaveLength(1);
    expect(within(a).queryByRole('listitem', { name: 'Safety' })).toBeNull();
  });

  it('deletes an enterprise only after asking', async () => {
    const { calls } = setup({ 'DELETE /v1/admin/enterprises/e-2': { deleted: true } });
    await userEvent.click(within(await card('Globex')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Globex?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'DELETE', '/v1/admin/enterprises/e-2')).toHaveLength(0);

    await userEvent.click(within(await card('Globex')).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete Globex?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete enterprise' }));
    expect(await screen.findByText('Globex was deleted.')).toBeTruthy();
    expect(sent(calls, 'DELETE', '/v1/admin/enterprises/e-2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Globex' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Acme' })).toBeTruthy();
  });

  it('is for administrators only', async () => {
    const { calls } = setup({ 'GET /v1/users/profile': { ...admin, role: 'user' } });
    expect(await screen.findByText('This page is for administrators.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/admin/enterprises')).toBe(false);
  });
});
