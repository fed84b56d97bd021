import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { RegisterForm } from './register-form.tsx';

const taken = new Response(
  JSON.stringify({
    statusCode: 409,
    error: 'Conflict',
    message: 'That username is taken. Please choose another.',
    code: 'USERNAME_TAKEN',
  }),
  { status: 409, headers: { 'Content-Type': 'application/json' } },
);

function setup(answers: Record<string, unknown>, claim?: string) {
  const { fetchMock, calls } = mockFetch(answers);
  vi.stubGlobal('fetch', fetchMock);
  const onRegistered = vi.fn();
  renderWithProviders(<RegisterForm claim={claim} onRegistered={onRegistered} />);
  return { calls, onRegistered };
}

async function fill(values: Partial<Record<'Username' | 'E-mail' | 'Password' | 'Name', string>>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await userEvent.clear(input);
    await userEvent.type(input, value);
  }
}

describe('RegisterForm', () => {
  it("shows core's rules and checks them before sending", async () => {
    const { calls } = setup({});
    expect(screen.getByText(/^3 to 20 letters, digits, dots, dashes or underscores/)).toBeTruthy();
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    await fill({ Username: '-x', 'E-mail': 'nope', Password: 'short' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText(/^A username has 3 to 20 letters/)).toBeTruthy();
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('A password has at least 8 characters.')).toBeTruthy();
    for (const field of [/^Username/, /^E-mail/, /^Password/]) {
      expect(screen.getByLabelText(field).getAttribute('aria-invalid')).toBe('true');
    }
    expect(calls).toHaveLength(0);

    // after a first try, a field says at once when it is right
    await fill({ Password: 'long enough now' });
    expect(screen.queryByText('A password has at least 8 characters.')).toBeNull();
  });

  it('sends the account with the guest claim and leaves out an empty name', async () => {
    const { calls, onRegistered } = setup(
      { 'POST /v1/auth/register': { message: 'Check your inbox.', email: 'ada@example.org' } },
      'claim-ticket',
    );
    await fill({ Username: 'ada', 'E-mail': 'Ada@Example.org', Password: 'correct horse' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('ada@example.org'));
    expect(calls[0]?.body).toEqual({
      username: 'ada',
      email: 'Ada@Example.org',
      password: 'correct horse',
      guestClaim: 'claim-ticket',
    });
  });

  it("puts the server's 409 beside the field it is about", async () => {
    const { onRegistered } = setup({ 'POST /v1/auth/register': taken });
    await fill({ Username: 'ada', 'E-mail': 'ada@example.org', Password: 'correct horse', Name: 'Ada' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const message = await screen.findByText('That username is taken. Please choose another.');
    expect(screen.getByLabelText(/^Username/).getAttribute('aria-invalid')).toBe('true');
    expect(message.id).toBe(
      screen
        .getByLabelText(/^Username/)
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('error')),
    );
    expect(onRegistered).not.toHaveBeenCalled();
  });
});
