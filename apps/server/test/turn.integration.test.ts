import type { AudioToken } from '@sayspell/core/protocol/call';
import { afterAll, describe, expect, it } from 'vitest';
import { api, serverPool, testClock } from './harness.ts';
import { partneredGame, player } from './partnered.ts';
import { allocates, hasCoturn, startCoturn } from './support/coturn-peer.ts';

// the TURN credentials a player gets work on a real coturn, and only until they expire

const start = serverPool();
const SECRET = 'turn-secret-for-the-test';
const stops: (() => void)[] = [];
afterAll(() => {
  for (const stop of stops) stop();
});

describe.skipIf(!hasCoturn)('TURN credentials on coturn', () => {
  it('allocate a relay; tampered or expired ones do not', async () => {
    const coturn = await startCoturn(SECRET);
    stops.push(coturn.stop);
    const clock = testClock();
    const t = await start({
      clock,
      env: { TURN_URLS: `turn:127.0.0.1:${coturn.port}`, TURN_SECRET: SECRET, AUDIO_CALL_LIMIT: '60' },
    });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller);
    const token = async () => {
      const res = await api<{ data: AudioToken }>(t.url, 'GET', `/v1/audio/token?id=${game._id}`, {
        token: speller.login.token.accessToken,
      });
      return res.body.data.iceServers.find((s) => s.urls[0]?.startsWith('turn:'))!;
    };

    const turn = await token();
    expect(turn.urls).toEqual([`turn:127.0.0.1:${coturn.port}`]);
    expect(await allocates(coturn.port, turn.username!, turn.credential!)).toBe(true);
    expect(await allocates(coturn.port, turn.username!, `x${turn.credential!.slice(1)}`)).toBe(false);
    expect(await allocates(coturn.port, `9${turn.username!}`, turn.credential!)).toBe(false);

    // credentials issued two minutes ago for a 60 s call have run out
    clock.advance(-120_000);
    const old = await token();
    expect(await allocates(coturn.port, old.username!, old.credential!)).toBe(false);
  });
});
