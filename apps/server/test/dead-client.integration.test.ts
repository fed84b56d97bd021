import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FinishGame } from '@sayspell/core/protocol/socket';
import { describe, expect, it } from 'vitest';
import { nextEvent, serverPool } from './harness.ts';
import { askAs, partneredGame, player } from './partnered.ts';

// a frozen client (SIGSTOP: its tab hangs, its phone sleeps) sends nothing and answers no ping;
// the server drops it and tells its partner. the times here are short; with the defaults (10 s
// interval, 10 s timeout, 5 s grace) the partner is told within 25 s

const start = serverPool();

describe('a frozen client', () => {
  it('is detected and its partner told', async () => {
    const t = await start({
      env: { PING_INTERVAL_MS: '500', PING_TIMEOUT_MS: '500', DISCONNECT_GRACE_MS: '200' },
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

      const removed = nextEvent<{ userId: string }>(speaker.socket, 'member-removed', 20_000);
      const finished = nextEvent<FinishGame>(speaker.socket, 'finish-game', 20_000);
      child.kill('SIGSTOP');
      expect((await removed).userId).toBe(speller.login.user._id);
      expect((await finished).reason).toBe('partner-left');
    } finally {
      child.kill('SIGKILL');
    }
  }, 40_000);
});
