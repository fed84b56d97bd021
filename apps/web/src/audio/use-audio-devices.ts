import { useEffect, useState } from 'react';
import type { AudioKind } from './devices.ts';

export interface DeviceOption {
  value: string;
  label: string;
}

/** select options for the devices; a browser hides labels until the microphone is allowed */
export function deviceOptions(devices: readonly MediaDeviceInfo[], kind: AudioKind): DeviceOption[] {
  const noun = kind === 'audioinput' ? 'Microphone' : 'Speakers';
  const seen = new Set<string>();
  const options: DeviceOption[] = [];
  for (const d of devices) {
    if (d.kind !== kind || !d.deviceId || seen.has(d.deviceId)) continue;
    seen.add(d.deviceId);
    options.push({ value: d.deviceId, label: d.label || `${noun} ${options.length + 1}` });
  }
  return options;
}

/** the devices of one kind, kept current when one is plugged in or out; listed once `ready` */
export function useAudioDevices(kind: AudioKind, ready: boolean): DeviceOption[] {
  const [options, setOptions] = useState<DeviceOption[]>([]);
  useEffect(() => {
    if (!ready || !navigator.mediaDevices?.enumerateDevices) return;
    let gone = false;
    const list = () =>
      navigator.mediaDevices
        .enumerateDevices()
        .then((devices) => {
          if (!gone) setOptions(deviceOptions(devices, kind));
        })
        .catch(() => {});
    void list();
    navigator.mediaDevices.addEventListener?.('devicechange', list);
    return () => {
      gone = true;
      navigator.mediaDevices.removeEventListener?.('devicechange', list);
    };
  }, [kind, ready]);
  return options;
}

/** the saved choice when it is still plugged in, else the first (the system default) */
export function pickDevice(options: readonly DeviceOption[], saved: string | undefined): string | undefined {
  return options.find((o) => o.value === saved)?.value ?? options[0]?.value;
}
