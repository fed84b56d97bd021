import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from './errors.ts';
import type { SocialAcks, SocialHandlers } from './social.ts';
import type { ClientToServerEvents, ServerToClientEvents } from './socket.ts';

// the protocol's types are its contract: tsc checks these cases (npm run typecheck), and each
// expected error fails it the day the protocol would allow what that line does

const none = async () => ({});

describe('social handlers answer what the protocol allows', () => {
  it('accepts handlers with the protocol acknowledgements', async () => {
    const handlers: SocialHandlers = {
      invite: async () => ({ inviteId: 'i-1', expiresAt: 30_000 }),
      'invite-response': async (_me, p) => (p.response ? { gameId: 'g-1' } : {}),
      'invite-cancel': none,
      typing: none,
      'user-info-request': none,
      'user-info-response': none,
    };
    expect(await handlers.invite('u-1', { to: 'u-2', settings: {} as never })).toEqual({
      inviteId: 'i-1',
      expiresAt: 30_000,
    });
  });

  it('refuses a handler that answers another shape', () => {
    const wrong: Partial<SocialHandlers> = {
      // @ts-expect-error inviteId is a string
      invite: async () => ({ inviteId: 7, expiresAt: 30_000 }),
      // @ts-expect-error a cancel's acknowledgement carries nothing
      'invite-cancel': async () => ({ gameId: 'g-1' }),
    };
    expect(Object.keys(wrong)).toHaveLength(2);
  });

  it('types what the client reads from an acknowledgement', () => {
    type InviteAck = Parameters<Parameters<ClientToServerEvents['invite']>[1]>[0];
    const ack = { ok: true, inviteId: 'i-1', expiresAt: 1 } as InviteAck;
    const read = (a: InviteAck): SocialAcks['invite'] | string => (a.ok ? a : a.error.message);
    expect(read(ack)).toEqual(ack);
    // @ts-expect-error an acknowledgement is checked before it is read
    expect(ack.inviteId).toBe('i-1');
  });
});

describe('error codes', () => {
  it('is one union the client can switch on exhaustively', () => {
    const kind = (code: ErrorCode): string => {
      switch (code) {
        case 'BUSY':
        case 'OFFLINE':
          return 'try later';
        default: {
          const rest: Exclude<ErrorCode, 'BUSY' | 'OFFLINE'> = code;
          return rest;
        }
      }
    };
    expect(kind('BUSY')).toBe('try later');
    expect(ERROR_STATUS.INTERNAL).toBe(500);
    // @ts-expect-error a code the server never sends
    kind('NOT_A_CODE');
  });

  it('lets no server event carry another payload', () => {
    const finish: Parameters<ServerToClientEvents['finish-game']>[0] = {
      id: 'g-1',
      results: [],
      time: 3,
      reason: 'partner-left',
    };
    // @ts-expect-error one spelling of the end reasons: 'words' | 'time' | 'partner-left'
    const other: typeof finish = { ...finish, reason: 'partnerLeft' };
    expect(other.reason).not.toBe(finish.reason);
  });
});

describe('acknowledgements', () => {
  it('an empty one is { ok: true } and nothing else', () => {
    type CancelAck = Parameters<Parameters<ClientToServerEvents['invite-cancel']>[1]>[0];
    const ok: CancelAck = { ok: true };
    // @ts-expect-error nothing besides ok
    const more: CancelAck = { ok: true, gameId: 'g-1' };
    expect([ok, more]).toHaveLength(2);
  });
});
