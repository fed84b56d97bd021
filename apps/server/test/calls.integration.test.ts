import { createHmac } from 'node:crypto';
import type { AudioToken, RtcSignalFromPartner } from '@sayspell/core/protocol/call';
import { describe, expect, it } from 'vitest';
import { api, nextEvent, serverPool, soloGameBody } from './harness.ts';
import { askAs, partneredGame, player, startTogether } from './partnered.ts';

// the call between the two players of a partnered game: its token and its signalling

const start = serverPool();
const TURN = { TURN_URLS: 'turn:turn.example.org:3478?transport=udp', TURN_SECRET: 'a-shared-coturn-secret' };

describe('the audio token', () => {
  it('gives each player the room, the limit and coturn credentials that check out', async () => {
    const t = await start({ env: { ...TURN, STUN_URLS: 'stun:stun.example.org:3478' } });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller);

    const tokens: AudioToken[] = [];
    for (const p of [speaker, speller]) {
      const res = await api<{ data: AudioToken }>(t.url, 'GET', `/v1/audio/token?id=${game._id}`, {
        token: p.login.token.accessToken,
      });
      expect(res.status).toBe(200);
      tokens.push(res.body.data);
    }
    const [a, b] = tokens as [AudioToken, AudioToken];
    expect(a).toMatchObject({ room: `presence-game-${game._id}`, limitSeconds: 1200, polite: false });
    expect(b.polite).toBe(true);
    expect(a.iceServers[0]).toEqual({ urls: ['stun:stun.example.org:3478'] });
    const turn = a.iceServers[1]!;
    expect(turn.urls).toEqual([TURN.TURN_URLS]);
    // coturn's use-auth-secret check: password = base64(hmac-sha1(secret, username))
    const [expiry, user] = turn.username!.split(':');
    expect(user).toBe(speaker.login.user._id);
    expect(Number(expiry) * 1000).toBeGreaterThan(Date.now() + 1190_000);
    expect(turn.credential).toBe(
      createHmac('sha1', TURN.TURN_SECRET).update(turn.username!).digest('base64'),
    );

    const config = await api<{ audioTokenUri: string; audioCallLimit: number }>(t.url, 'GET', '/v1/config');
    expect(config.body).toMatchObject({ audioTokenUri: '/v1/audio/token', audioCallLimit: 1200 });
  });

  it('is refused to strangers, for solo games, for bad ids and after the game', async () => {
    const t = await start({ env: { AUDIO_CALL_LIMIT: '60' } });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const stranger = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller);
    const get = (token: string | undefined, id: string) =>
      api<{ message: string; data?: AudioToken }>(t.url, 'GET', `/v1/audio/token?id=${id}`, { token });

    const mine = await get(speller.login.token.accessToken, game._id);
    // no STUN or TURN configured: host candidates only, which is what a LAN needs
    expect(mine.body.data).toMatchObject({ iceServers: [], limitSeconds: 60 });
    expect((await get(undefined, game._id)).status).toBe(401);
    expect((await get(stranger.login.token.accessToken, game._id)).status).toBe(403);
    const bad = await get(speller.login.token.accessToken, 'not-a-game');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/id/i);

    const solo = await api<{ _id: string }>(t.url, 'POST', '/v1/game', {
      token: stranger.login.token.accessToken,
      body: soloGameBody(stranger.login.user._id),
    });
    const soloToken = await get(stranger.login.token.accessToken, solo.body._id);
    expect(soloToken.status).toBe(409);
    expect(soloToken.body.message).toBe('A solo game has no call.');

    await startTogether(game, speaker, speller);
    await askAs(speaker, 'initiate-handshake', { gameId: game._id });
    const left = await api(t.url, 'POST', '/v1/delete-unfinished-game', {
      token: speaker.login.token.accessToken,
      body: { _id: game._id },
    });
    expect(left.status).toBe(200);
    const after = await get(speller.login.token.accessToken, game._id);
    expect([404, 409]).toContain(after.status);
  });
});

describe('call signalling', () => {
  it('reaches the partner on the game, and nobody else', async () => {
    const t = await start();
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const stranger = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller);
    await startTogether(game, speaker, speller);

    const heard: unknown[] = [];
    stranger.socket.on('rtc-signal', (s) => heard.push(s));
    speaker.socket.on('rtc-signal', (s) => heard.push(s));

    const offer = nextEvent<RtcSignalFromPartner>(speller.socket, 'rtc-signal');
    const sent = await askAs(speaker, 'rtc-signal', {
      gameId: game._id,
      description: { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' },
    });
    expect(sent).toMatchObject({ ok: true });
    expect(await offer).toMatchObject({
      gameId: game._id,
      from: speaker.login.user._id,
      description: { type: 'offer' },
    });

    const candidate = nextEvent<RtcSignalFromPartner>(speaker.socket, 'rtc-signal');
    await askAs(speller, 'rtc-signal', {
      gameId: game._id,
      candidate: {
        candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      },
    });
    expect((await candidate).candidate?.candidate).toContain('typ host');

    const bye = nextEvent<RtcSignalFromPartner>(speaker.socket, 'rtc-signal');
    await askAs(speller, 'rtc-signal', { gameId: game._id, bye: true });
    expect((await bye).bye).toBe(true);

    // a stranger can neither send into the call nor hear it
    const intruder = await askAs(stranger, 'rtc-signal', { gameId: game._id, bye: true });
    expect(intruder).toMatchObject({ ok: false, error: { code: 'NOT_A_PLAYER' } });
    expect(heard.filter((s) => (s as RtcSignalFromPartner).from !== speller.login.user._id)).toEqual([]);
  });

  it('refuses malformed signals with a readable reason', async () => {
    const t = await start();
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller);
    const cases: [unknown, RegExp][] = [
      [{ gameId: game._id }, /exactly one/],
      [{ gameId: game._id, bye: true, description: { type: 'offer', sdp: 'x' } }, /exactly one/],
      [{ gameId: game._id, description: { type: 'offer', sdp: 'x'.repeat(30_001) } }, /30000/],
      [{ gameId: game._id, description: { type: 'hello', sdp: 'x' } }, /type/],
      [{ gameId: 'nope', bye: true }, /gameId/],
      ['not an object', /./],
    ];
    for (const [payload, message] of cases) {
      const answer = await askAs<{ ok: boolean; error: { code: string; message: string } }>(
        speaker,
        'rtc-signal',
        payload,
      );
      expect(answer.ok, JSON.stringify(payload).slice(0, 80)).toBe(false);
      expect(answer.error.code).toBe('VALIDATION');
      expect(answer.error.message).toMatch(message);
    }
  });
});
