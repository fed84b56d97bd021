import { TtsError } from './types.ts';

// a language tag with an optional variant (en-us, en-gb-x-rp, en-us+f3); no paths, no option-like values
const ESPEAK_VOICE = /^[a-z]{2,3}(-[a-z0-9]{1,8})*(\+[a-z0-9]{1,16})?$/i;

// voices compiled into Debian's flite; `-voice` also loads files and URLs, so only these names pass
const FLITE_VOICES = new Set(['kal', 'kal16', 'awb', 'awb_time', 'rms', 'slt']);

export const DEFAULT_VOICE = 'en-us';

export function espeakVoice(voice: string): string {
  if (!ESPEAK_VOICE.test(voice))
    throw new TtsError('BAD_VOICE', 'The voice must be a language tag such as en-us.');
  return voice.toLowerCase();
}

/** Flite has only English voices: an English language tag picks `fallback`, a flite voice name itself. */
export function fliteVoice(voice: string, fallback: string): string {
  const name = voice.toLowerCase();
  if (FLITE_VOICES.has(name)) return name;
  if (ESPEAK_VOICE.test(name) && (name === 'en' || name.startsWith('en-'))) return fallback;
  throw new TtsError('BAD_VOICE', 'flite speaks English only: use an en-* voice or a flite voice name.');
}
