// the chosen microphone and speakers (§3 local storage audioInputDeviceId / audioOutputDeviceId),
// and what this browser can do with them

const KEYS = { audioinput: 'audioInputDeviceId', audiooutput: 'audioOutputDeviceId' } as const;
export type AudioKind = keyof typeof KEYS;

export function chosenDevice(kind: AudioKind): string | undefined {
  try {
    return localStorage.getItem(KEYS[kind]) || undefined;
  } catch {
    return undefined;
  }
}

export function chooseDevice(kind: AudioKind, deviceId: string | undefined): void {
  try {
    if (deviceId) localStorage.setItem(KEYS[kind], deviceId);
    else localStorage.removeItem(KEYS[kind]);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** the microphone constraints for the chosen device (a device that has gone falls back to the default) */
export function microphoneConstraints(): MediaTrackConstraints {
  const id = chosenDevice('audioinput');
  return {
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
    ...(id ? { deviceId: { ideal: id } } : {}),
  };
}

/** real-time calls need WebRTC and getUserMedia */
export function hasRealtimeMedia(): boolean {
  return (
    typeof RTCPeerConnection !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** playing through a chosen output needs setSinkId (Chromium; not Safari or Firefox by default) */
export function canChooseOutput(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}

export async function playThrough(el: HTMLMediaElement): Promise<void> {
  const id = chosenDevice('audiooutput');
  if (!id || !canChooseOutput()) return;
  await (el as HTMLMediaElement & { setSinkId(id: string): Promise<void> }).setSinkId(id).catch(() => {});
}

export type MicrophoneProblem = 'permission' | 'no-microphone' | 'unsupported' | 'other';

/** what went wrong asking for the microphone, in the terms of §8 */
export function microphoneProblem(err: unknown): MicrophoneProblem {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'permission';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-microphone';
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'other';
}
