export interface SpeechSynthesizer {
  readonly name: string;
  /** Resolves to a complete WAV file (RIFF header included). */
  synthesize(text: string, voice: string): Promise<Uint8Array>;
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

// BAD_TEXT / BAD_VOICE: the caller's input (4xx); UNAVAILABLE: overloaded or closed (503); TTS_FAILED: the engine broke
export type TtsErrorCode = 'BAD_TEXT' | 'BAD_VOICE' | 'UNAVAILABLE' | 'TTS_FAILED';
