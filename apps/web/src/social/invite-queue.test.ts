import type { InviteView } from '@sayspell/core/protocol/social';
import { describe, expect, it } from 'vitest';
import {
  acceptAll,
  addInvite,
  answerOne,
  declineAll,
  declineLatest,
  removeInvite,
  shownRole,
} from './invite-queue.ts';

const invite = (id: string, from: string): InviteView => ({
  _id: id,
  user: { id: from, _id: from, username: from },
  name: from,
  role: 'Speaker',
  category: 'Animals',
  settings: { category: 'category_animals', role: 'speaker' },
  createdAt: 0,
  expiresAt: 30_000,
});

describe('the invite queue (§4)', () => {
  it('keeps one invite per sender, the newer replacing the older, oldest first', () => {
    let q = addInvite([], invite('1', 'ann'));
    q = addInvite(q, invite('2', 'bob'));
    q = addInvite(q, invite('3', 'ann'));
    q = addInvite(q, invite('3', 'ann'));
    expect(q.map((i) => i._id)).toEqual(['2', '3']);
    expect(removeInvite(q, '2').map((i) => i._id)).toEqual(['3']);
  });

  it('accept all answers true only to the most recent', () => {
    const q = [invite('1', 'a'), invite('2', 'b'), invite('3', 'c')];
    expect(acceptAll(q)).toEqual([
      { inviteId: '1', response: false },
      { inviteId: '2', response: false },
      { inviteId: '3', response: true },
    ]);
  });

  it('decline refuses the most recent; decline all refuses every one', () => {
    const q = [invite('1', 'a'), invite('2', 'b')];
    expect(declineLatest(q)).toEqual([{ inviteId: '2', response: false }]);
    expect(declineAll(q).every((a) => !a.response)).toBe(true);
    expect(declineLatest([])).toEqual([]);
  });

  it('answering one chosen invite refuses the others', () => {
    const q = [invite('1', 'a'), invite('2', 'b'), invite('3', 'c')];
    expect(answerOne(q, '2', true)).toEqual([
      { inviteId: '2', response: true },
      { inviteId: '1', response: false },
      { inviteId: '3', response: false },
    ]);
  });

  it('shows the role mirrored, and nothing for either', () => {
    expect(shownRole('Speaker')).toBe('Speller');
    expect(shownRole('Speller')).toBe('Speaker');
    expect(shownRole('Either')).toBe('');
  });
});
