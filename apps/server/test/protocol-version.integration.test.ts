import { INCOMPATIBLE_PROTOCOL, PROTOCOL_VERSION } from '@sayspell/core/protocol/socket';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, startServer, type TestServer } from './harness.ts';

// a tab built for another protocol version is refused at the handshake and told which side is
// behind, so it can ask for a reload instead of misreading events

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startServer();
  token = (await guest(t.url)).token.accessToken;
});
afterAll(() => t.close());

function handshake(auth: Record<string, unknown>) {
  const socket = connect(t.url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise<{ connected: true } | { message: string; data: unknown }>((resolve) => {
    socket.once('connect', () => {
      socket.disconnect();
      resolve({ connected: true });
    });
    socket.once('connect_error', (err) => {
      socket.disconnect();
      resolve({ message: err.message, data: (err as Error & { data?: unknown }).data });
    });
  });
}

describe('the protocol version at connect', () => {
  it('lets in a client of this version, and one that names none', async () => {
    expect(await handshake({ token, protocol: PROTOCOL_VERSION })).toEqual({ connected: true });
    expect(await handshake({ token })).toEqual({ connected: true });
  });

  it('refuses an older client: it is the one to reload', async () => {
    expect(await handshake({ token, protocol: PROTOCOL_VERSION - 1 })).toEqual({
      message: INCOMPATIBLE_PROTOCOL,
      data: { reason: 'client-too-old', server: PROTOCOL_VERSION },
    });
    expect(await handshake({ token, protocol: 'one' })).toMatchObject({ data: { reason: 'client-too-old' } });
  });

  it('refuses a newer client (a server not yet deployed): the server is behind', async () => {
    expect(await handshake({ token, protocol: PROTOCOL_VERSION + 1 })).toEqual({
      message: INCOMPATIBLE_PROTOCOL,
      data: { reason: 'server-too-old', server: PROTOCOL_VERSION },
    });
  });

  it('says so before the token is looked at: an old tab with a stale token still learns to reload', async () => {
    expect(await handshake({ token: 'stale', protocol: PROTOCOL_VERSION - 1 })).toMatchObject({
      message: INCOMPATIBLE_PROTOCOL,
    });
    expect(await handshake({ token: 'stale', protocol: PROTOCOL_VERSION })).toMatchObject({
      message: 'unauthorized',
    });
  });
});
