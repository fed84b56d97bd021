import { afterEach, describe, expect, it } from 'vitest';
import { effectiveVolume, setSoundPrefs, soundPrefs, subscribeSound } from './sound-prefs.ts';

afterEach(() => {
  setSoundPrefs({ muted: false, volume: 1 });
  localStorage.clear();
});

describe('sound on this device', () => {
  it('plays at the chosen volume, and at nothing when muted, and tells who listens', () => {
    let told = 0;
    const stop = subscribeSound(() => told++);
    setSoundPrefs({ volume: 0.4 });
    expect(effectiveVolume()).toBe(0.4);
    setSoundPrefs({ muted: true });
    expect(effectiveVolume()).toBe(0);
    // the volume is kept for when the sound comes back
    setSoundPrefs({ muted: false });
    expect(effectiveVolume()).toBe(0.4);
    expect(told).toBe(3);
    stop();
    expect(JSON.parse(localStorage.getItem('sayspell.sound') ?? '{}')).toEqual({ muted: false, volume: 0.4 });
  });

  it('follows a change made in another tab, and ignores a broken stored value', () => {
    let told = 0;
    const stop = subscribeSound(() => told++);
    localStorage.setItem('sayspell.sound', JSON.stringify({ muted: true, volume: 7 }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'sayspell.sound' }));
    expect(told).toBe(1);
    expect(soundPrefs()).toEqual({ muted: true, volume: 1 });
    localStorage.setItem('sayspell.sound', '{not json');
    window.dispatchEvent(new StorageEvent('storage', { key: 'sayspell.sound' }));
    expect(soundPrefs()).toEqual({ muted: false, volume: 1 });
    stop();
  });
});
