import { Limiter } from './limiter.ts';
import { NORMAL_PROSODY, type Prosody, type SpeechSynthesizer, TtsError, type VoiceInfo } from './types.ts';

// Google Cloud Text-to-Speech over its REST API (v1): POST /v1/text:synthesize?key=…, GET /v1/voices.
// LINEAR16 audio comes back as a base64 WAV file. Its failures are the provider's, never the caller's:
// unreachable or slow → UNAVAILABLE (503), a refusal or a broken answer → TTS_FAILED (502).

export interface GoogleTtsOptions {
  apiKey: string;
  /** https://texttospeech.googleapis.com, or a stand-in speaking the same protocol */
  baseUrl: string;
  timeoutMs?: number;
  concurrency?: number;
  maxQueue?: number;
}

// a Google voice name: en-US-Wavenet-D, en-GB-Neural2-A, cmn-CN-Standard-A
const GOOGLE_VOICE = /^([a-z]{2,3}-[A-Z]{2})-[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;
// the app's default and the language tags every provider takes: en-us → en-US
const LANGUAGE_TAG = /^([a-z]{2,3})-([a-z]{2})$/i;
const VOICE_LIST_TTL_MS = 3600_000;

interface GoogleVoice {
  languageCodes?: string[];
  name?: string;
  ssmlGender?: string;
}

export class GoogleTtsSynthesizer implements SpeechSynthesizer {
  readonly name = 'google';
  private readonly timeoutMs: number;
  private readonly limiter: Limiter;
  private voiceList: { at: number; voices: Promise<VoiceInfo[]> } | undefined;

  constructor(private readonly options: GoogleTtsOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.limiter = new Limiter(options.concurrency ?? 8, options.maxQueue ?? 256);
  }

  async synthesize(text: string, voice: string, prosody: Prosody = NORMAL_PROSODY): Promise<Uint8Array> {
    const body = {
      input: { text },
      voice: googleVoice(voice),
      audioConfig: {
        audioEncoding: 'LINEAR16',
        speakingRate: prosody.rate,
        // Google's pitch is in semitones (-20 to 20): a factor of 2 is one octave, 12 semitones
        pitch: Math.round(12 * Math.log2(prosody.pitch) * 100) / 100,
      },
    };
    const answer = await this.limiter.run(() =>
      this.call<{ audioContent?: unknown }>('POST', '/v1/text:synthesize', body),
    );
    if (typeof answer.audioContent !== 'string' || answer.audioContent.length === 0) {
      throw new TtsError('TTS_FAILED', 'Google text-to-speech answered without audio.');
    }
    return new Uint8Array(Buffer.from(answer.audioContent, 'base64'));
  }

  voices(): Promise<VoiceInfo[]> {
    const now = Date.now();
    if (!this.voiceList || now - this.voiceList.at > VOICE_LIST_TTL_MS) {
      const voices = this.call<{ voices?: GoogleVoice[] }>('GET', '/v1/voices').then((a) =>
        (a.voices ?? []).flatMap((v) => toVoiceInfo(v)),
      );
      this.voiceList = { at: now, voices };
      // a failed listing is asked again next time
      voices.catch(() => {
        if (this.voiceList?.voices === voices) this.voiceList = undefined;
      });
    }
    return this.voiceList.voices;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = new URL(path, this.options.baseUrl);
    url.searchParams.set('key', this.options.apiKey);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : null,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new TtsError(
        'UNAVAILABLE',
        timedOut
          ? `Google text-to-speech did not answer within ${this.timeoutMs} ms.`
          : 'Google text-to-speech cannot be reached right now.',
      );
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      // Google's errors: { error: { code, message, status } }; the key never appears in them
      let reason = '';
      try {
        reason = String((JSON.parse(text) as { error?: { message?: unknown } }).error?.message ?? '');
      } catch {}
      const code = res.status === 429 || res.status >= 500 ? 'UNAVAILABLE' : 'TTS_FAILED';
      throw new TtsError(
        code,
        `Google text-to-speech answered ${res.status}${reason ? `: ${reason.slice(0, 200)}` : '.'}`,
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new TtsError('TTS_FAILED', 'Google text-to-speech answered with something that is not JSON.');
    }
  }
}

/** a Google voice name as it is, a language tag as Google's code (the service picks the voice) */
function googleVoice(voice: string): { languageCode: string; name?: string } {
  const named = GOOGLE_VOICE.exec(voice);
  if (named) return { languageCode: named[1]!, name: voice };
  const tag = LANGUAGE_TAG.exec(voice.split('+')[0]!);
  if (tag) return { languageCode: `${tag[1]!.toLowerCase()}-${tag[2]!.toUpperCase()}` };
  if (/^[a-z]{2,3}$/i.test(voice)) return { languageCode: voice.toLowerCase() };
  throw new TtsError(
    'BAD_VOICE',
    'The voice must be a Google voice name (en-US-Standard-C) or a language tag.',
  );
}

function toVoiceInfo(v: GoogleVoice): VoiceInfo[] {
  if (typeof v.name !== 'string' || !GOOGLE_VOICE.test(v.name)) return [];
  const gender = v.ssmlGender?.toLowerCase();
  return [
    {
      id: v.name,
      name: v.name,
      language: v.languageCodes?.[0] ?? GOOGLE_VOICE.exec(v.name)![1]!,
      ...(gender === 'male' || gender === 'female' || gender === 'neutral' ? { gender } : {}),
      provider: 'google',
    },
  ];
}
