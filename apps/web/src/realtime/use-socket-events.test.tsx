import { render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket.ts';
import { useOnConnect, useSocketEvents } from './use-socket-events.ts';

// one table of handlers per component: on while mounted, off after, the latest handler called

function Listener({ socket, heard, tag }: { socket: FakeSocket; heard: string[]; tag: string }) {
  useSocketEvents(socket.asAppSocket(), {
    'member-added': ({ userId }) => heard.push(`${tag}:added:${userId}`),
    'user-leave': ({ userId }) => heard.push(`${tag}:left:${userId}`),
  });
  return null;
}

function Joiner({ socket, joins }: { socket: FakeSocket; joins: { count: number } }) {
  const [, rerender] = useState(0);
  useOnConnect(socket.asAppSocket(), () => {
    joins.count += 1;
    // a render in between does not join again
    if (joins.count === 1) rerender(1);
  });
  return null;
}

describe('useSocketEvents', () => {
  it('listens while mounted and stops after', () => {
    const socket = new FakeSocket();
    const heard: string[] = [];
    const view = render(<Listener socket={socket} heard={heard} tag="a" />);
    socket.serve('member-added', { channel: 'presence-users', userId: 'u-2' });
    socket.serve('user-leave', { userId: 'u-2' });
    view.unmount();
    socket.serve('member-added', { channel: 'presence-users', userId: 'u-3' });
    expect(heard).toEqual(['a:added:u-2', 'a:left:u-2']);
    expect(socket.listening('member-added')).toBe(false);
    expect(socket.listening('user-leave')).toBe(false);
  });

  it('calls the handler of the latest render without listening again', () => {
    const socket = new FakeSocket();
    const heard: string[] = [];
    const on = vi.spyOn(socket, 'on');
    const view = render(<Listener socket={socket} heard={heard} tag="first" />);
    view.rerender(<Listener socket={socket} heard={heard} tag="second" />);
    socket.serve('user-leave', { userId: 'u-2' });
    expect(heard).toEqual(['second:left:u-2']);
    expect(on).toHaveBeenCalledTimes(2);
  });

  it('useOnConnect runs at once when connected, and again at each reconnection', () => {
    const socket = new FakeSocket();
    const joins = { count: 0 };
    render(<Joiner socket={socket} joins={joins} />);
    expect(joins.count).toBe(1);
    socket.reconnect();
    socket.reconnect();
    expect(joins.count).toBe(3);
  });

  it('useOnConnect waits for the connection when there is none yet', () => {
    const socket = new FakeSocket();
    socket.connected = false;
    const joins = { count: 0 };
    render(<Joiner socket={socket} joins={joins} />);
    expect(joins.count).toBe(0);
    socket.connected = true;
    socket.reconnect();
    expect(joins.count).toBe(1);
  });
});
