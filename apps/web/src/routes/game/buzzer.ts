import { BUZZER_MS } from '@sayspell/core/constants';
import { effectiveVolume } from '../../audio/sound-prefs.ts';

// the 1 s sound after each guess (§4), made with web audio: a bright chime when right, a soft
// low buzz when wrong. no files to load.

let context: AudioContext | null = null;
let busyUntil = 0;

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

function tone(
  ctx: AudioContext,
  type: OscillatorType,
  freq: number,
  start: number,
  length: number,
  peak: number,
) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, peak), start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

export function playBuzzer(correct: boolean): void {
  busyUntil = performance.now() + BUZZER_MS;
  // muted or turned down on this device (audio/sound-prefs.ts); the next word still waits for it
  const volume = effectiveVolume();
  if (volume === 0) return;
  const ctx = audio();
  if (!ctx) return;
  const t = ctx.currentTime;
  const total = BUZZER_MS / 1000;
  if (correct) {
    // c6, e6, g6: a rising major arpeggio that rings out
    tone(ctx, 'sine', 1046.5, t, total, 0.22 * volume);
    tone(ctx, 'sine', 1318.5, t + 0.09, total - 0.09, 0.18 * volume);
    tone(ctx, 'sine', 1568, t + 0.18, total - 0.18, 0.16 * volume);
  } else {
    tone(ctx, 'square', 110, t, total, 0.07 * volume);
    tone(ctx, 'sawtooth', 116, t, total, 0.05 * volume);
  }
}

/** ms until the buzzer has finished; the next word waits for it */
export function buzzerRemainingMs(): number {
  return Math.max(0, busyUntil - performance.now());
}
