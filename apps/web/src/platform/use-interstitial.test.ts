import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adsOn, flagsOff } from '../test/simulated-ads.ts';
import { useInterstitial, usePrepareInterstitial } from './use-interstitial.ts';

const names = (calls: unknown[][]) => calls.map((c) => c[0]);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the interstitial around a game', () => {
  it('is prepared when the game starts and shown when its results open, on a simulated phone', async () => {
    const { ads, plugin } = adsOn('android');
    const load = async () => ads;
    const game = renderHook(() => usePrepareInterstitial('game-1', load));
    await waitFor(() => expect(names(plugin.calls)).toEqual(['initialize', 'prepareInterstitial']));
    game.unmount();
    renderHook(() => useInterstitial('game-1', 10, load));
    await waitFor(() =>
      expect(names(plugin.calls)).toEqual(['initialize', 'prepareInterstitial', 'showInterstitial']),
    );
  });

  it('is not shown when the results are left before the delay', async () => {
    const { ads, plugin } = adsOn('android');
    const load = async () => ads;
    renderHook(() => usePrepareInterstitial('game-1', load)).unmount();
    renderHook(() => useInterstitial('game-1', 40, load)).unmount();
    await pause(80);
    expect(names(plugin.calls)).not.toContain('showInterstitial');
  });

  it('is neither prepared for a finished game nor shown for an unfinished one', async () => {
    const { ads, plugin } = adsOn('android');
    const load = async () => ads;
    renderHook(() => usePrepareInterstitial(null, load));
    renderHook(() => useInterstitial(null, 0, load));
    await pause(20);
    expect(plugin.calls).toEqual([]);
  });

  it('never appears on the web, nor with the flag off', async () => {
    for (const { ads, plugin } of [adsOn('web'), adsOn('ios', flagsOff)]) {
      const load = async () => ads;
      renderHook(() => usePrepareInterstitial('game-1', load));
      renderHook(() => useInterstitial('game-1', 0, load));
      await pause(20);
      expect(plugin.loads()).toBe(0);
      expect(plugin.calls).toEqual([]);
    }
  });
});
