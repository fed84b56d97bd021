import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../auth/token-storage.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { ReportUserModal } from './report-user.tsx';

const me = '7f1c0a4e-6d0b-4c55-9d3e-1a2b3c4d5e6f';
const them = { _id: '0b1c2d3e-4f50-4a61-8b72-839405a6b7c8', username: 'mallory' };

describe('ReportUserModal', () => {
  it('sends the report with the trimmed reason and closes', async () => {
    storeTokens('local', { accessToken: 'a', refreshToken: 'r' });
    const { fetchMock, calls } = mockFetch({ 'POST /v1/report-user': { ok: true } });
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithProviders(<ReportUserModal me={me} user={them} onClose={onClose} />);
    await userEvent.type(await screen.findByLabelText('What happened? (optional)'), '  rude in chat ');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/v1/report-user', { user: me, userReported: them._id, message: 'rude in chat' }],
    ]);
  });

  it('leaves an empty reason out, and stays open with the reason when the server refuses', async () => {
    storeTokens('local', { accessToken: 'a', refreshToken: 'r' });
    const { fetchMock, calls } = mockFetch({});
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithProviders(<ReportUserModal me={me} user={them} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ user: me, userReported: them._id });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Report mallory' })).toBeTruthy();
  });
});
