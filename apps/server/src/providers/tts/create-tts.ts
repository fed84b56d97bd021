import { availableParallelism } from 'node:os';
import { DEFAULT_CACHE_BYTES, SynthesisCache } from './cache.ts';
import { EspeakWasmSynthesizer } from './espeak-wasm.ts';
import { createGameAudio, type GameAudio, type GameVoice } from './game-audio.ts';
import { type GoogleTtsOptions, GoogleTtsSynthesizer } from './google-tts.ts';
import { createPublicGate, type PublicGate } from './public-gate.ts';
import {
  createEspeakNgSynthesizer,
  createFliteSynthesizer,
  findExecutable,
  type SystemCommandOptions,
} from './system-command.ts';
import {
  NORMAL_PROSODY,
  type Prosody,
  type SpeechAudio,
  type SpeechSynthesizer,
  TtsError,
  type VoiceInfo,
} from './types.ts';
import { inLanguage } from './voice-catalog.ts';
import { DEFAULT_VOICE } from './voices.ts';
import { parseWav } from './wav.ts';

export type { GameAudio } from './game-audio.ts';
export type { Prosody, SpeechAudio, VoiceInfo } from './types.ts';

export type TtsProviderName = 'auto' | 'espeak-wasm' | 'flite' | 'espeak-ng' | 'google';

export interface TtsOptions {
  provider?: TtsProviderName;
  cacheBytes?: number;
  cacheEntries?: number;
  /** Google Cloud TTS: used when provider is 'google', and by 'auto' when given */
  google?: GoogleTtsOptions | undefined;
  logger?: { info(obj: object, msg?: string): void };
  /** the public lane's bounds: requests per user per minute, and requests running or waiting in all */
  publicPerMinute?: number;
  publicMaxPending?: number;
  /** the voice and speed each game's words are said in (the speller's choice) */
  gameVoice?: GameVoice;
}

export interface TtsService {
  readonly providerName: string;
  /**
   * The game's word audio: its own synthesizer (a queue no public request waits in, nor slows) and
   * its own renders per (game, turn), each one different; see game-audio.ts.
   */
  readonly game: GameAudio;
  /** what a client's own requests (public speech, the voice test) pass through: see public-gate.ts */
  readonly publicGate: PublicGate;
  /**
   * Public speech: speaks `text` (1–200 characters once trimmed) as WAV; `voice` is a language tag,
   * default en-us. It shares nothing with the game's audio.
   */
  speak(text: string, voice?: string, prosody?: Prosody): Promise<SpeechAudio & { cached: boolean }>;
  /** Like speak, but a named voice must be one `voices()` lists (the settings a player chose). */
  speakWithSettings(
    text: string,
    settings: { voice?: string | undefined; rate?: number | undefined; pitch?: number | undefined },
  ): Promise<SpeechAudio & { cached: boolean }>;
  /** The voices the provider really has, of one language (a name such as English, or a tag) or all. */
  voices(language?: string): Promise<VoiceInfo[]>;
  /** Loads the engine ahead of the first request (the WASM engine's first run costs ~0.5 s). */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export const MAX_TEXT_LENGTH = 200;

/** Trims and collapses whitespace; throws a TtsError with code BAD_TEXT when nothing sayable is left. */
export function normaliseText(text: unknown): string {
  if (typeof text !== 'string') throw new TtsError('BAD_TEXT', 'The text to speak must be a string.');
  const clean = text.trim().replace(/\s+/g, ' ');
  const length = [...clean].length;
  if (length === 0) throw new TtsError('BAD_TEXT', 'The text to speak is empty.');
  if (length > MAX_TEXT_LENGTH) {
    throw new TtsError('BAD_TEXT', `The text to speak must be at most ${MAX_TEXT_LENGTH} characters.`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(clean)) {
    throw new TtsError('BAD_TEXT', 'The text to speak contains control characters.');
  }
  return clean;
}

export function createTts(opts: TtsOptions = {}): TtsService {
  const requested = opts.provider ?? 'auto';
  // two engines of the same kind: one for game words, one for everything a client asks for
  const synthesizer = pickSynthesizer(requested, opts.google, 'public');
  const gameSynthesizer = pickSynthesizer(requested, opts.google, 'game');
  // the text is never logged: in a solo game it is the word the player has to spell
  opts.logger?.info({ requested, provider: synthesizer.name }, 'speech synthesis provider selected');
  const game = createGameAudio(checkedWav(gameSynthesizer), opts.gameVoice);
  const publicGate = createPublicGate({
    perMinute: opts.publicPerMinute ?? 60,
    maxPending: opts.publicMaxPending ?? 6,
  });
  const cache = new SynthesisCache(checkedWav(synthesizer), {
    maxBytes: opts.cacheBytes ?? DEFAULT_CACHE_BYTES,
    ...(opts.cacheEntries === undefined ? {} : { maxEntries: opts.cacheEntries }),
  });
  let closed = false;

  async function speak(text: string, voice = DEFAULT_VOICE, prosody: Prosody = NORMAL_PROSODY) {
    if (closed) throw new TtsError('UNAVAILABLE', 'Speech synthesis was shut down.');
    const { data, cached } = await cache.synthesize(normaliseText(text), voice, prosody);
    return { contentType: 'audio/wav', data, cached };
  }
  const voices = async (language?: string) => inLanguage((await synthesizer.voices?.()) ?? [], language);

  return {
    providerName: synthesizer.name,
    game,
    publicGate,
    speak,
    voices,
    async speakWithSettings(text, settings) {
      const clean = normaliseText(text);
      if (settings.voice !== undefined) {
        const known = await voices();
        if (!known.some((v) => v.id === settings.voice)) {
          throw new TtsError(
            'BAD_VOICE',
            `There is no voice "${settings.voice}". Choose one of: ${known.map((v) => v.id).join(', ')}.`,
          );
        }
      }
      return speak(clean, settings.voice, { rate: settings.rate ?? 1, pitch: settings.pitch ?? 1 });
    },
    async warmUp() {
      // an outside service needs no loading, and a call would cost a request
      if (synthesizer.name === 'google') return;
      await Promise.all([
        synthesizer.synthesize('ready', DEFAULT_VOICE),
        gameSynthesizer.synthesize('ready', DEFAULT_VOICE),
      ]);
    },
    async close() {
      closed = true;
      cache.clear();
      publicGate.close();
      await Promise.all([synthesizer.close?.(), gameSynthesizer.close?.()]);
    },
  };
}

type Lane = 'game' | 'public';

// the public lane runs one program at a time at a lower cpu priority; the game lane one per core at
// the normal priority, so a flood of public text takes neither its queue nor its cpu
function laneOptions(lane: Lane): SystemCommandOptions {
  return lane === 'game' ? { concurrency: availableParallelism() } : { concurrency: 1, niceness: 10 };
}

function pickSynthesizer(
  provider: TtsProviderName,
  google: GoogleTtsOptions | undefined,
  lane: Lane,
): SpeechSynthesizer {
  switch (provider) {
    case 'google':
      if (!google) throw new Error('The google speech provider needs GOOGLE_TTS_KEY.');
      return new GoogleTtsSynthesizer(google);
    case 'espeak-wasm':
      return new EspeakWasmSynthesizer();
    case 'flite':
      return createFliteSynthesizer(laneOptions(lane));
    case 'espeak-ng':
      return createEspeakNgSynthesizer(laneOptions(lane));
    case 'auto': {
      if (google) return new GoogleTtsSynthesizer(google);
      const flite = findExecutable('flite');
      if (flite) return createFliteSynthesizer({ executable: flite, ...laneOptions(lane) });
      const espeakNg = findExecutable('espeak-ng');
      if (espeakNg) return createEspeakNgSynthesizer({ executable: espeakNg, ...laneOptions(lane) });
      return new EspeakWasmSynthesizer();
    }
  }
}

// whatever a provider returns is checked once here, so nothing but playable WAV reaches the cache
function checkedWav(synthesizer: SpeechSynthesizer): SpeechSynthesizer {
  return {
    name: synthesizer.name,
    async synthesize(text, voice, prosody) {
      const data = await synthesizer.synthesize(text, voice, prosody);
      if (!parseWav(data))
        throw new TtsError('TTS_FAILED', `${synthesizer.name} returned no valid WAV audio.`);
      return data;
    },
  };
}
