import { execFile } from 'node:child_process';
import type { Prosody, VoiceInfo } from './types.ts';

// the voices each engine really has, and how rate and pitch reach it

/** language names used by the app (§3 Language option) to their ISO 639-1 code */
const LANGUAGE_CODES: Record<string, string> = {
  english: 'en',
  spanish: 'es',
  french: 'fr',
  german: 'de',
  italian: 'it',
  portuguese: 'pt',
  dutch: 'nl',
  polish: 'pl',
  russian: 'ru',
  turkish: 'tr',
  swedish: 'sv',
  hindi: 'hi',
  chinese: 'zh',
  japanese: 'ja',
};

/** 'English' or 'en' or 'en-US' → 'en'; null for a language no engine knows */
export function languageCode(language: string): string | null {
  const l = language.trim().toLowerCase();
  if (LANGUAGE_CODES[l]) return LANGUAGE_CODES[l];
  if (/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(l)) return l.split('-')[0]!;
  return null;
}

export function inLanguage(voices: VoiceInfo[], language: string | undefined): VoiceInfo[] {
  if (!language) return voices;
  const code = languageCode(language);
  return voices.filter((v) => v.language.toLowerCase().split('-')[0] === code);
}

// flite's compiled-in voices (Debian): awb_time only says the time, rms ignores pitch changes
const FLITE_VOICE_INFO: Record<string, Omit<VoiceInfo, 'id' | 'provider'>> = {
  slt: { name: 'SLT (US English, female)', language: 'en-US', gender: 'female' },
  kal16: { name: 'Kal (US English, male)', language: 'en-US', gender: 'male' },
  kal: { name: 'Kal (US English, male, telephone quality)', language: 'en-US', gender: 'male' },
  awb: { name: 'AWB (Scottish English, male)', language: 'en-GB', gender: 'male' },
};

/** `flite -lv` prints "Voices available: kal awb_time kal16 awb rms slt" */
export function parseFliteVoices(output: string): VoiceInfo[] {
  const names = output.replace(/^.*?:/s, '').trim().split(/\s+/);
  return Object.entries(FLITE_VOICE_INFO)
    .filter(([id]) => names.includes(id))
    .map(([id, info]) => ({ id, ...info, provider: 'flite' }));
}

/**
 * `espeak-ng --voices` lines: "Pty Language Age/Gender VoiceName File Other Languages". MBROLA
 * voices (mb/…) need MBROLA's own data and are left out.
 */
export function parseEspeakVoices(output: string, provider: string): VoiceInfo[] {
  const voices: VoiceInfo[] = [];
  const seen = new Set<string>();
  for (const line of output.split('\n').slice(1)) {
    const [, language, ageGender, name, file] = line.trim().split(/\s+/);
    if (!language || !file || file.startsWith('mb/') || seen.has(language)) continue;
    seen.add(language);
    const gender = ageGender?.endsWith('/F') ? 'female' : ageGender?.endsWith('/M') ? 'male' : undefined;
    voices.push({
      id: language,
      name: (name ?? language).replace(/_/g, ' '),
      language,
      ...(gender ? { gender } : {}),
      provider,
    });
  }
  return withFemaleVariants(voices);
}

// eSpeak's voices are male; the f3 variant of the two main English ones gives a female choice
function withFemaleVariants(voices: VoiceInfo[]): VoiceInfo[] {
  const out: VoiceInfo[] = [];
  for (const v of voices) {
    out.push(v);
    if (v.id === 'en-us' || v.id === 'en-gb')
      out.push({ ...v, id: `${v.id}+f3`, name: `${v.name}, female`, gender: 'female' });
  }
  return out;
}

/**
 * The eSpeak NG WASM build's voices for the app's languages (its embedded data holds them all; these
 * are the ones the app offers), checked by the provider's tests.
 */
export function espeakWasmVoices(): VoiceInfo[] {
  const list: [string, string][] = [
    ['en-us', 'English (America)'],
    ['en-gb', 'English (Great Britain)'],
    ['en-gb-scotland', 'English (Scotland)'],
    ['en-gb-x-rp', 'English (Received Pronunciation)'],
    ['en-gb-x-gbclan', 'English (Lancaster)'],
    ['en-gb-x-gbcwmd', 'English (West Midlands)'],
    ['en-029', 'English (Caribbean)'],
    ['es', 'Spanish (Spain)'],
    ['es-419', 'Spanish (Latin America)'],
  ];
  return withFemaleVariants(
    list.map(([id, name]) => ({ id, name, language: id, gender: 'male' as const, provider: 'espeak-wasm' })),
  );
}

/** flite: duration_stretch is the inverse of speed; f0_shift multiplies the voice's pitch */
export function fliteProsodyArgs({ rate, pitch }: Prosody): string[] {
  const args: string[] = [];
  if (rate !== 1) args.push('--setf', `duration_stretch=${(1 / rate).toFixed(3)}`);
  if (pitch !== 1) args.push('--setf', `f0_shift=${pitch.toFixed(3)}`);
  return args;
}

/** eSpeak: -s words per minute (default 175, 80–450), -p pitch 0–99 (default 50) */
export function espeakProsodyArgs({ rate, pitch }: Prosody): string[] {
  const args: string[] = [];
  if (rate !== 1) args.push('-s', String(Math.min(450, Math.max(80, Math.round(175 * rate)))));
  if (pitch !== 1) args.push('-p', String(Math.min(99, Math.max(0, Math.round(50 * pitch)))));
  return args;
}

/** runs `program args` once and gives its standard output (voice listings) */
export function programOutput(program: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { timeout: 10_000, maxBuffer: 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(String(stdout)),
    );
  });
}
