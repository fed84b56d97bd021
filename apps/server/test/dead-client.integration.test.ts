import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FinishGame, PartnerReconnecting } from '@sayspell/core/protocol/socket';
import { describe, expect, it } from 'vitest';
import { nextEvent, serverPool } from './harness.ts';
import { askAs, partneredGame, player } from './partnered.ts';

// a frozen client (SIGSTOP: its tab hangs, its phone sleeps, its network is gone without a word)
// sends nothing and answers no ping; the server drops it, tells its partner it is reconnecting and,
// past the network wait, that it left. the times here are short; with the defaults (4 s interval,
// 3 s timeout) the partner hears within 7 s, and the game waits 60 s

const start = serverPool();

describe('a frozen client', () => {
  it('is detected and its partner told', async () => {
    const t = await start({
      env: {
        PING_INTERVAL_MS: '1000',
        PING_TIMEOUT_MS: '1000',
        DISCONNECT_GRACE_MS: '200',
        NETWORK_GRACE_MS: '1000',
      },
    });
    const speaker = await player(t.url);
    const speller = await player(t.url);
    const game = await partneredGame(t.url, speaker, speller);
    await askAs(speaker, 'initiate-handshake', { gameId: game._id });

    const child = spawn(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'support', 'frozen-client.ts'),
      ],
      {
        env: { ...process.env, URL: t.url, TOKEN: speller.login.token.accessToken, GAME_ID: game._id },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const started = nextEvent<{ id: string }>(speaker.socket, 'start-timer-sync', 20_000);
      await new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (d) => {
          out += d;
          if (out.includes('ready')) resolve();
          if (out.includes('failed')) reject(new Error(out));
        });
      });
      expect((await started).id).toBe(game._id);

      const reconnecting = nextEvent<PartnerReconnecting>(speaker.socket, 'partner-reconnecting', 20_000);
      const removed = nextEvent<{ userId: string }>(speaker.socket, 'member-removed', 20_000);
      const finished = nextEvent<FinishGame>(speaker.socket, 'finish-game', 20_000);
      child.kill('SIGSTOP');
      expect((await reconnecting).userId).toBe(speller.login.user._id);
      expect((await removed).userId).toBe(speller.login.user._id);
      expect(await finished).toMatchObject({ reason: 'partner-left', leftBy: speller.login.user._id });
    } finally {
      child.kill('SIGKILL');
    }
  }, 40_000);
});
