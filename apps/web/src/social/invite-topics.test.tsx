import { PRESENCE_DELAY_MS } from '@sayspell/core/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReceivedInvites } from './invite-popups.tsx';
import { OnlineUsers } from './online-users.tsx';
import { inviteFrom, ME, me, onlineUser, renderSocial } from './social-test-kit.tsx';

vi.mock('../realtime/socket.ts', () => import('../test/fake-socket.ts'));

// issue 15 item 8: an invite carries a topic (My Topics, Trending Topics, Enterprise Topics) as
// the solo setup does, and the receiver reads it before accepting

const tick = { timeout: PRESENCE_DELAY_MS * 6 };

/** a modal by its title (role queries over the whole page are slow on a loaded machine) */
async function dialogOf(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: 'h2' });
  return heading.closest('[role="dialog"]') as HTMLElement;
}

async function inviteGrace() {
  const world = renderSocial(<OnlineUsers />, { members: [ME, 'id-grace'] });
  world.answers['GET /v1/users/profile'] = { ...me, hasConfirmedEULA: true };
  world.answers['GET /v1/sayspell-trending-topic'] = {
    sortedCustomResults: [{ categoryName: 'volcanoes' }, { categoryName: 'music' }],
  };
  world.answers['POST /v1/enterprise/fetchAssignedEnterpriseTopics'] = { uniqueTopics: ['Site Safety'] };
  world.socket.answers.invite = () => ({ ok: true, inviteId: 'i-1', expiresAt: Date.now() + 30_000 });
  world.server.online = [onlineUser('grace')];
  fireEvent.click(await screen.findByLabelText('Invite grace', {}, tick));
  // the test player has not confirmed the EULA: the first invite asks (§6), once its code is in
  fireEvent.click(await screen.findByRole('button', { name: 'I Understand' }));
  const dialog = await dialogOf('Invite grace');
  return { world, dialog };
}

const pick = async (dialog: HTMLElement, label: string, option: string) => {
  fireEvent.click(within(dialog).getByLabelText(label, { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
};
const sentSettings = (world: Awaited<ReturnType<typeof inviteGrace>>['world']) =>
  world.socket.emitted
    .filter((e) => e.event === 'invite')
    .map((e) => (e.payload as { settings: object }).settings);

describe('an invite with a topic', { timeout: 60_000 }, () => {
  it('sends a typed topic as My Topics, after checking it', async () => {
    const { world, dialog } = await inviteGrace();
    await pick(dialog, 'Source', 'My Topics');
    const topic = within(dialog).getByLabelText('Topic', { selector: 'input' });
    fireEvent.change(topic, { target: { value: '<b>' } });
    fireEvent.click(within(dialog).getByText('Send invite'));
    expect(
      await within(dialog).findByText('The topic must be words: letters, spaces, hyphens.'),
    ).toBeTruthy();
    expect(sentSettings(world)).toEqual([]);
    fireEvent.change(topic, { target: { value: '  ocean animals ' } });
    fireEvent.click(within(dialog).getByText('Send invite'));
    await waitFor(() =>
      expect(sentSettings(world)).toEqual([
        expect.objectContaining({ category: 'category_custom', topic: 'ocean animals' }),
      ]),
    );
  });

  it('sends a trending topic picked from the list, and an enterprise topic', async () => {
    const { world, dialog } = await inviteGrace();
    await pick(dialog, 'Source', 'Trending Topics');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Trending topic', { selector: 'input' })).toHaveProperty(
        'value',
        'Volcanoes',
      ),
    );
    await pick(dialog, 'Trending topic', 'Music');
    fireEvent.click(within(dialog).getByText('Send invite'));
    await waitFor(() =>
      expect(sentSettings(world)).toEqual([
        expect.objectContaining({ category: 'category_custom', topic: 'music' }),
      ]),
    );
    world.socket.serve('invite-response', {
      inviteId: 'i-1',
      user: { id: 'id-grace', _id: 'id-grace', username: 'grace' },
      response: false,
    });

    fireEvent.click(await screen.findByLabelText('Invite grace'));
    const again = await dialogOf('Invite grace');
    await pick(again, 'Source', 'Enterprise Topics');
    fireEvent.click(within(again).getByText('Send invite'));
    await waitFor(() =>
      expect(sentSettings(world)[1]).toEqual(
        expect.objectContaining({ category: 'category_enterprise', topic: 'Site Safety' }),
      ),
    );
  });

  it('shows the receiver the topic before they accept, alone and in the table', async () => {
    const { socket } = renderSocial(<ReceivedInvites />);
    await waitFor(() => expect(socket.listening('invite')).toBe(true));
    socket.serve(
      'invite',
      inviteFrom('grace', {
        category: 'Custom',
        settings: { category: 'category_custom', role: 'speaker', topic: 'ocean animals' },
      }),
    );
    expect(await screen.findByText('Topic: Ocean animals')).toBeTruthy();
    socket.serve(
      'invite',
      inviteFrom('linus', {
        _id: 'invite-linus',
        category: 'Enterprise',
        settings: { category: 'category_enterprise', role: 'either', topic: 'Site Safety' },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Pending invites' });
    expect(within(table).getByText('Ocean animals')).toBeTruthy();
    expect(within(table).getByText('Site Safety')).toBeTruthy();
  });
});
