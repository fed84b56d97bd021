import type { ServerToClientEvents } from '@sayspell/core/protocol/socket';
import { useEffect, useRef } from 'react';
import type { AppSocket } from './socket.ts';

// one way to listen to the server: a table of handlers, on while the component is mounted and off
// after. handlers may change every render (they see the latest state); the socket listeners are
// set once per socket and per set of event names

export type SocketHandlers = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] } & {
  /** the connection is made or made again (socket.io's own event) */
  connect?: () => void;
  /** the connection is lost (socket.io's own event) */
  disconnect?: (reason: string) => void;
};

type AnyHandler = (payload?: unknown) => void;

export function useSocketEvents(socket: AppSocket | null, handlers: SocketHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const names = Object.keys(handlers).sort().join(' ');
  useEffect(() => {
    if (!socket || !names) return;
    const bound = names.split(' ').map((name) => {
      const fn: AnyHandler = (payload) =>
        (latest.current[name as keyof SocketHandlers] as AnyHandler)?.(payload);
      socket.on(name as 'connect', fn);
      return [name, fn] as const;
    });
    return () => {
      for (const [name, fn] of bound) socket.off(name as 'connect', fn);
    };
  }, [socket, names]);
}

/** runs `join` now when the socket is connected, and again at every (re)connection */
export function useOnConnect(socket: AppSocket | null, join: () => void): void {
  const latest = useRef(join);
  latest.current = join;
  useSocketEvents(socket, { connect: () => latest.current() });
  useEffect(() => {
    if (socket?.connected) latest.current();
  }, [socket]);
}
