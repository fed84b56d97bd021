import { describe, expect, it } from 'vitest';
import { FakeSocket } from './fake-socket.ts';

// the fake is typed by the protocol: tsc (npm run typecheck) fails on each expected error below the
// day the fake would let a test do what the real server or page never does

describe('FakeSocket', () => {
  it('answers a client event from its table, with the protocol acknowledgement', async () => {
    const socket = new FakeSocket();
    socket.answers.invite = ({ to }) => ({ ok: true, inviteId: `invite-to-${to}`, expiresAt: 30_000 });
    const ack = await socket.timeout(1000).emitWithAck('invite', {
      to: 'u-2',
      settings: { category: 'category_animals', role: 'speaker' },
    });
    expect(ack).toEqual({ ok: true, inviteId: 'invite-to-u-2', expiresAt: 30_000 });
    expect(socket.sent('invite')).toEqual([
      { to: 'u-2', settings: { category: 'category_animals', role: 'speaker' } },
    ]);
  });

  it('plays server events to the listeners of that event only', () => {
    const socket = new FakeSocket();
    const heard: unknown[] = [];
    socket.on('member-added', (p: unknown) => heard.push(p));
    socket.serve('member-added', { channel: 'presence-users', userId: 'u-2' });
    socket.serve('user-leave', { userId: 'u-2' });
    expect(heard).toEqual([{ channel: 'presence-users', userId: 'u-2' }]);
  });

  it('refuses, at type-check, events and payloads the protocol lacks', () => {
    const socket = new FakeSocket();
    // @ts-expect-error the server sends no such event
    socket.serve('presence-tick', { userId: 'u-2' });
    // @ts-expect-error member-added names its channel
    socket.serve('member-added', { userId: 'u-2' });
    // @ts-expect-error the page cannot emit what the server does not handle
    socket.emit('invite-all', {});
    // @ts-expect-error a social handler answers an invite with its id as a string
    socket.answers.invite = () => ({ ok: true, inviteId: 7, expiresAt: 30_000 });
    // @ts-expect-error an error code is one the server has
    socket.answers.typing = () => ({ ok: false, error: { code: 'OOPS', message: 'no' } });
    expect(socket.count('invite-all' as never)).toBe(1);
  });
});
