import { useSyncExternalStore } from 'react';

// the game's sounds on this device (issue 15 item 9): the app's voice and the buzzer can be muted
// and turned down. kept in the browser, not the account: how loud a phone should be is the
// phone's business, and a muted tab in a library should not mute the laptop at home

export interface SoundPrefs {
  muted: boolean;
  /** 0 to 1 */
  volume: number;
}

const KEY = 'sayspell.sound';
export const DEFAULT_SOUND: SoundPrefs = { muted: false, volume: 1 };

function read(): SoundPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<SoundPrefs> | null;
    const volume = typeof raw?.volume === 'number' && raw.volume >= 0 && raw.volume <= 1 ? raw.volume : 1;
    return { muted: raw?.muted === true, volume };
  } catch {
    return DEFAULT_SOUND;
  }
}

let current: SoundPrefs | null = null;
const listeners = new Set<() => void>();

export function soundPrefs(): SoundPrefs {
  current ??= read();
  return current;
}

export function setSoundPrefs(patch: Partial<SoundPrefs>): void {
  current = { ...soundPrefs(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {}
  for (const l of listeners) l();
}

/** what a sound should be played at now: 0 when muted */
export function effectiveVolume(prefs: SoundPrefs = soundPrefs()): number {
  return prefs.muted ? 0 : prefs.volume;
}

export function subscribeSound(listener: () => void): () => void {
  listeners.add(listener);
  // another tab changed them
  const onStorage = (e: StorageEvent) => {
    if (e.key !== KEY) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSoundPrefs(): SoundPrefs {
  return useSyncExternalStore(subscribeSound, soundPrefs, () => DEFAULT_SOUND);
}
