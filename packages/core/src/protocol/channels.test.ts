import { describe, expect, it } from 'vitest';
import { channels, parseChannel } from './channels.ts';

const id = '0b6f2a8e-4a8c-4f55-9d0e-2b7a1c3d4e5f';

describe('channels', () => {
  it('round-trips every channel name', () => {
    expect(parseChannel(channels.game(id))).toEqual({ kind: 'game', gameId: id });
    expect(parseChannel(channels.results(id))).toEqual({ kind: 'results', gameId: id });
    expect(parseChannel(channels.user(id))).toEqual({ kind: 'user', userId: id });
    expect(parseChannel(channels.invite(id))).toEqual({ kind: 'invite', userId: id });
    expect(parseChannel(channels.matching)).toEqual({ kind: 'matching' });
    expect(parseChannel(channels.users)).toEqual({ kind: 'users' });
    expect(parseChannel(channels.presence)).toEqual({ kind: 'presence' });
  });

  it.each(['presence-game-1', 'private-', `presence-game-${id}x`, 'lobby', `private-invite-${id}-x`])(
    'rejects %j',
    (name) => expect(parseChannel(name)).toBeNull(),
  );
});
