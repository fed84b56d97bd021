import { beforeEach, describe, expect, it, vi } from 'vitest';

const where = vi.hoisted(() => ({ native: false }));
vi.mock('./platform.ts', () => ({ isNative: () => where.native }));

import { readLog } from './app-log.ts';
import { leavePushService } from './push.ts';

function fakePush(fail = false) {
  const calls: string[] = [];
  return {
    calls,
    load: async () => ({
      removeAllListeners: async () => {
        calls.push('removeAllListeners');
      },
      unregister: async () => {
        if (fail) throw new Error('no registration');
        calls.push('unregister');
      },
    }),
  };
}

describe('leaving the push service on logout', () => {
  beforeEach(() => {
    where.native = false;
  });

  it('does nothing on the web, not even load the plugin', async () => {
    const load = vi.fn();
    expect(await leavePushService(load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('unregisters in the mobile apps', async () => {
    where.native = true;
    const push = fakePush();
    expect(await leavePushService(push.load)).toBe(true);
    expect(push.calls).toEqual(['removeAllListeners', 'unregister']);
  });

  it('lets the logout go on when the plugin fails, and logs why', async () => {
    where.native = true;
    expect(await leavePushService(fakePush(true).load)).toBe(false);
    expect(readLog().at(-1)).toMatchObject({ area: 'push' });
  });
});
