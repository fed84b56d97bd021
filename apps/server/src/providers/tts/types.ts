/** Speed and pitch as factors of the voice's own: 1 is unchanged, 0.5 half, 2 double. */
export interface Prosody {
  rate: number;
  pitch: number;
}
export const NORMAL_PROSODY: Prosody = { rate: 1, pitch: 1 };

/** A voice a provider really has: `id` is what a request names (settings.voice). */
export interface VoiceInfo {
  id: string;
  name: string;
  /** a language tag, e.g. en-US */
  language: string;
  gender?: 'male' | 'female' | 'neutral';
  provider: string;
}

export interface SpeechSynthesizer {
  readonly name: string;
  /** Resolves to a complete WAV file (RIFF header included). */
  synthesize(text: string, voice: string, prosody?: Prosody): Promise<Uint8Array>;
  /** The voices it can speak with; absent when it cannot tell. */
  voices?(): Promise<VoiceInfo[]>;
  /** Releases processes, threads or memory the synthesizer holds; it may be used again afterwards. */
  close?(): Promise<void>;
}

export interface SpeechAudio {
  contentType: string;
  data: Uint8Array;
}

/** An Error carrying a machine-readable code, e.g. 'BAD_TEXT'. */
export class TtsError extends Error {
  constructor(
    readonly code: TtsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TtsError';
  }
}

// BAD_TEXT / BAD_VOICE: the caller's input (4xx); RATE_LIMITED: the caller's budget is spent (429);
// UNAVAILABLE: overloaded or closed (503); TTS_FAILED: the engine broke
export type TtsErrorCode = 'BAD_TEXT' | 'BAD_VOICE' | 'RATE_LIMITED' | 'UNAVAILABLE' | 'TTS_FAILED';
