import type { UserView } from '@sayspell/core/protocol/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { AccountPopups } from './account-popups.tsx';
import { completeDemographic, DemographicForm } from './demographic-popup.tsx';
import { EULA_RULES } from './eula-rules.ts';

const base: UserView = {
  id: '7f1c0a4e-6d0b-4c55-9d3e-1a2b3c4d5e6f',
  _id: '7f1c0a4e-6d0b-4c55-9d3e-1a2b3c4d5e6f',
  username: 'ada',
  name: null,
  picture: null,
  role: 'user',
  friends: [],
  hasConfirmedEULA: false,
  usersThatBlockedMe: [],
  usersThatIblocked: [],
  gameTimer: '90',
  needsDemographic: true,
};

describe('AccountPopups', () => {
  it('shows the EULA with the rules of §9; I Understand posts the confirmation with the user id', async () => {
    storeTokens('local', { accessToken: 'a', refreshToken: 'r' });
    const { fetchMock, calls } = mockFetch({ 'POST /v1/users/confirm-eula': { hasConfirmedEULA: true } });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AccountPopups user={base} />);
    const dialog = await screen.findByRole('dialog', { name: 'End-User Licence Agreement' });
    for (const rule of EULA_RULES) expect(within(dialog).getByText(rule)).toBeTruthy();
    expect(within(dialog).getByText(/removed\s+within 24 hours of notice/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I Understand' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ userId: base._id });
  });

  it('after the EULA asks for the demographic form; guests see neither', async () => {
    const { unmount } = renderWithProviders(<AccountPopups user={{ ...base, hasConfirmedEULA: true }} />);
    expect(await screen.findByRole('dialog', { name: 'A little about you' })).toBeTruthy();
    unmount();
    renderWithProviders(<AccountPopups user={{ ...base, role: 'guest' }} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('DemographicForm', () => {
  it('keeps Submit disabled until every field is set, with a date of birth no later than today', async () => {
    storeTokens('local', { accessToken: 'a', refreshToken: 'r' });
    const { fetchMock, calls } = mockFetch({
      'POST /v1/users/demographics': { ...base, needsDemographic: false },
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    renderWithProviders(<DemographicForm onSaved={onSaved} />);
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    const dob = screen.getByLabelText('Date of birth') as HTMLInputElement;
    expect(dob.max).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await userEvent.click(screen.getByLabelText('Gender', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Non-binary', hidden: true }));
    await userEvent.type(dob, '2001-02-03');
    await userEvent.click(screen.getByLabelText('Education', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Doctorate or higher', hidden: true }));
    expect(submit.disabled).toBe(true);

    // the country: a 'Search...' box, name or code prefix
    await userEvent.click(screen.getByLabelText('Country', { selector: 'button' }));
    const search = await screen.findByPlaceholderText('Search...');
    await userEvent.type(search, 'ca');
    const names = () =>
      within(screen.getByRole('listbox', { name: 'Countries', hidden: true }))
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent);
    expect(names()).toContain('CanadaCA');
    expect(names()).toContain('CambodiaKH');
    expect(names().every((n) => /^Ca/i.test(n ?? '') || /CA$/.test(n ?? ''))).toBe(true);
    await userEvent.clear(search);
    await userEvent.type(search, 'CA');
    await userEvent.click(
      within(screen.getByRole('listbox', { name: 'Countries', hidden: true })).getByRole('option', {
        name: /Canada/,
        hidden: true,
      }),
    );
    expect(screen.getByLabelText('Country', { selector: 'button' }).textContent).toContain('Canada');

    await waitFor(() => expect(submit.disabled).toBe(false));
    await userEvent.click(submit);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      gender: 'Non-binary',
      dob: '2001-02-03',
      country: { name: 'Canada', code: 'CA' },
      education: 'Doctorate or higher',
    });
  }, 30_000);

  it('is incomplete with a date after today or an impossible date', () => {
    const draft = {
      gender: 'male',
      dob: '2030-01-01',
      country: { name: 'Chile', code: 'CL', phone: ['56'] },
      education: 'Other',
    };
    expect(completeDemographic(draft, '2026-11-22')).toBeNull();
    expect(completeDemographic({ ...draft, dob: '2001-02-30' }, '2026-11-22')).toBeNull();
    expect(completeDemographic({ ...draft, dob: '2026-11-22' }, '2026-11-22')).not.toBeNull();
    expect(completeDemographic({ ...draft, country: null, dob: '2000-01-01' }, '2026-11-22')).toBeNull();
  });
});
