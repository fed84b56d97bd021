import {
  INCOMPATIBLE_PROTOCOL,
  type IncompatibleReason,
  PROTOCOL_VERSION,
} from '@sayspell/core/protocol/socket';
import type { Socket } from 'socket.io';

// a socket whose client speaks another protocol version is refused at the handshake, with which
// side is behind: an old tab after a deploy is told to reload instead of misreading events.
// a client that names no version (tests, benches, scripts) is let in

type Next = (err?: Error & { data?: { reason: IncompatibleReason; server: number } }) => void;

export function protocolVersion(expected = PROTOCOL_VERSION) {
  return (socket: Pick<Socket, 'handshake'>, next: Next) => {
    const stated = (socket.handshake.auth as { protocol?: unknown } | undefined)?.protocol;
    if (stated === undefined || stated === expected) return next();
    const older = typeof stated !== 'number' || stated < expected;
    const err = Object.assign(new Error(INCOMPATIBLE_PROTOCOL), {
      data: { reason: older ? 'client-too-old' : 'server-too-old', server: expected } as const,
    });
    next(err);
  };
}
