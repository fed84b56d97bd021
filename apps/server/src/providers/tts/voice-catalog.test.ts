import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTts, type TtsService } from './create-tts.ts';
import { analyseSpeech, medianPitchHz } from './speech-checks.ts';
import { languageCode, parseEspeakVoices, parseFliteVoices } from './voice-catalog.ts';

describe('voice listings', () => {
  it('reads flite -lv, leaving out the time-only and pitch-deaf voices', () => {
    const ids = parseFliteVoices('Voices available: kal awb_time kal16 awb rms slt \n').map((v) => v.id);
    expect(ids.sort()).toEqual(['awb', 'kal', 'kal16', 'slt']);
  });

  it('reads espeak-ng --voices without MBROLA voices, adding a female English variant', () => {
    const out = `Pty Language       Age/Gender VoiceName          File                 Other Languages
 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  en-us           --/F      us-mbrola-1        mb/mb-us1            (en 8)
 5  es              --/M      Spanish_(Spain)    roa/es`;
    expect(parseEspeakVoices(out, 'espeak-ng')).toEqual([
      { id: 'en-us', name: 'English (America)', language: 'en-us', gender: 'male', provider: 'espeak-ng' },
      {
        id: 'en-us+f3',
        name: 'English (America), female',
        language: 'en-us',
        gender: 'female',
        provider: 'espeak-ng',
      },
      { id: 'es', name: 'Spanish (Spain)', language: 'es', gender: 'male', provider: 'espeak-ng' },
    ]);
  });

  it('maps language names and tags to codes', () => {
    expect(languageCode('English')).toBe('en');
    expect(languageCode('en-GB')).toBe('en');
    expect(languageCode('Klingon')).toBeNull();
  });

  it('google needs its key', () => {
    expect(() => loadConfig({ TTS_PROVIDER: 'google' })).toThrow(/GOOGLE_TTS_KEY: required/);
    expect(loadConfig({ GOOGLE_TTS_KEY: 'k' }).googleTts).toEqual({
      apiKey: 'k',
      baseUrl: 'https://texttospeech.googleapis.com',
      timeoutMs: 10_000,
    });
    expect(loadConfig({}).googleTts).toBeUndefined();
  });
});

describe('espeak-wasm voices and prosody', () => {
  let tts: TtsService;
  beforeAll(() => {
    tts = createTts({ provider: 'espeak-wasm' });
  });
  afterAll(() => tts.close());

  it('speaks with every listed voice', async () => {
    const voices = await tts.voices('English');
    expect(voices.map((v) => v.id)).toContain('en-gb+f3');
    for (const v of voices) {
      const audio = await tts.speakWithSettings('hello', { voice: v.id });
      expect(analyseSpeech(audio.data).voicedMs, v.id).toBeGreaterThan(150);
    }
  });

  it('speaks faster and higher as asked', async () => {
    const say = (rate: number, pitch: number) =>
      tts.speakWithSettings('the quick brown fox jumps over the lazy dog', { rate, pitch });
    const slow = analyseSpeech((await say(0.5, 1)).data).durationMs;
    const fast = analyseSpeech((await say(2, 1)).data).durationMs;
    expect(slow).toBeGreaterThan(2.5 * fast);
    expect(medianPitchHz((await say(1, 1.6)).data)).toBeGreaterThan(
      1.3 * medianPitchHz((await say(1, 0.6)).data),
    );
  });
});
