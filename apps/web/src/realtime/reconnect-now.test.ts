import { io } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reconnectNow } from './reconnect-now.ts';
import type { AppSocket } from './socket.ts';

// the real socket.io client, against a port nobody listens on: once its first attempt failed it
// waits out a long backoff, and reconnectNow makes the next attempt at once

let socket: AppSocket | undefined;
afterEach(() => {
  socket?.disconnect();
});

describe('reconnectNow', () => {
  it("opens again at once instead of waiting out socket.io's backoff", async () => {
    socket = io('http://127.0.0.1:9', {
      autoConnect: false,
      transports: ['websocket'],
      reconnectionDelay: 60_000,
      reconnectionDelayMax: 60_000,
      randomizationFactor: 0,
    }) as AppSocket;
    const manager = socket.io as unknown as { open(fn?: unknown): unknown; _reconnecting: boolean };
    socket.connect();
    // the first attempt fails; the manager now waits 60 s before the next
    await vi.waitFor(() => expect(manager._reconnecting).toBe(true), { timeout: 5000 });
    const open = vi.spyOn(manager, 'open');
    socket.connect();
    expect(open).not.toHaveBeenCalled();
    reconnectNow(socket);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('leaves a connected or a closed-on-purpose socket alone', () => {
    socket = io('http://127.0.0.1:9', { autoConnect: false, transports: ['websocket'] }) as AppSocket;
    const open = vi.spyOn(socket.io as unknown as { open(): unknown }, 'open');
    // never connected (or disconnected by the app): not active
    reconnectNow(socket);
    expect(open).not.toHaveBeenCalled();
  });
});
