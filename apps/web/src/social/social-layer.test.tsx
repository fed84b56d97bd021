import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackLink } from './feedback.tsx';
import { SocialLayer } from './social-layer.tsx';
import { inviteFrom, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

// issue 22: the social popups' and the feedback form's code loads when one has something to show,
// not with every signed-in page. what a player sees must not change: an invite still pops up, a
// typed feedback survives closing the form

const popupsModule = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./social-popups.tsx', async (importOriginal) => {
  popupsModule.loads += 1;
  return importOriginal();
});

describe('the social layer', () => {
  it('loads the popups only when an invite comes, then shows it', async () => {
    const { socket } = renderSocial(<SocialLayer />);
    await waitFor(() => expect(socket.listening('invite')).toBe(true));
    expect(popupsModule.loads).toBe(0);
    socket.serve('invite', inviteFrom('grace'));
    expect(await screen.findByText('wants to play', { exact: false })).toBeTruthy();
    expect(popupsModule.loads).toBe(1);
  });
});

describe('the feedback link', () => {
  it('opens the form, keeps what was typed when closed, and sends it', async () => {
    const { answers, calls } = renderSocial(<FeedbackLink />);
    answers['POST /v1/feedback'] = { message: 'Thanks for your feedback' };
    fireEvent.click(await screen.findByRole('button', { name: 'Send feedback' }));
    fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Audio' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'The voice is too quiet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('Subject')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(((await screen.findByLabelText('Subject')) as HTMLInputElement).value).toBe('Audio');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/feedback')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/feedback')?.body).toEqual(
      expect.objectContaining({ subject: 'Audio', message: 'The voice is too quiet' }),
    );
  });
});
