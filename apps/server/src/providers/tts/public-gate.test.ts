import { describe, expect, it } from 'vitest';
import { createPublicGate } from './public-gate.ts';

// the public lane's bounds; time is a number the test moves, the work is promises it settles

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('public speech gate', () => {
  it('gives each user a budget per minute, renewed a minute later', async () => {
    let now = 0;
    const gate = createPublicGate({ perMinute: 2, maxPending: 10, now: () => now });
    await gate.run('a', async () => 1);
    await gate.run('a', async () => 2);
    await expect(gate.run('a', async () => 3)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You have used your 2 text-to-speech requests for this minute; try again in a minute.',
    });
    expect(await gate.run('b', async () => 4)).toBe(4);
    now += 60_001;
    expect(await gate.run('a', async () => 5)).toBe(5);
    gate.close();
  });

  it('holds a few requests per user and in all, and refuses the rest at once', async () => {
    const gate = createPublicGate({ perMinute: 100, perUser: 2, maxPending: 3 });
    const held = deferred();
    const running = [gate.run('a', () => held.promise), gate.run('a', () => held.promise)];
    await expect(gate.run('a', async () => 0)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You already have 2 speech requests on the way; wait for them to finish.',
    });
    running.push(gate.run('b', () => held.promise));
    await expect(gate.run('c', async () => 0)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'Speech synthesis is busy right now; try again in a few seconds.',
    });
    held.resolve();
    await Promise.all(running);
    // all settled: room again, for everyone
    expect(await gate.run('a', async () => 'again')).toBe('again');
    expect(await gate.run('c', async () => 'c')).toBe('c');
    gate.close();
  });
});
