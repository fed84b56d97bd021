import { describe, expect, it } from 'vitest';
import { inviteNotice } from './invite-notices.ts';

describe('invite notices', () => {
  it('tells the sender why an accepted invite made no game', () => {
    expect(inviteNotice({ type: 'failed', message: 'English is not available yet.' }, 'grace')).toEqual({
      title: 'The game could not start',
      message: 'English is not available yet.',
    });
  });

  it('says a plain refusal is a decline', () => {
    expect(inviteNotice({}, 'grace').title).toBe('Invite declined');
  });
});
