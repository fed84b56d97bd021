// a server-side pronunciation check: does this recording say that word?

export interface ExpectedWord {
  /** lower-case, as the player was asked to say it */
  word: string;
  /** words that sound the same and count as right (e.g. the word bank's homonyms) */
  homophones: string[];
}

/** right: the word (or a homophone); wrong: another word; unsure: too unclear to tell, try again */
export type SpeechVerdict = 'right' | 'wrong' | 'unsure';

export interface SpeechCheckResult {
  /** what was heard; '' when nothing was recognised */
  heard: string;
  /** verdict === 'right' */
  match: boolean;
  /** 0..1, at least 0.5 exactly when match is true */
  confidence: number;
  verdict: SpeechVerdict;
}

export interface SpeechRecognizer {
  readonly name: 'pocketsphinx' | 'google';
  /** checks 16 kHz mono 16-bit audio against the expected word */
  check(pcm16k: Int16Array, expected: ExpectedWord): Promise<SpeechCheckResult>;
  /** stops workers and connections; a later check may start them again */
  close(): Promise<void>;
}

/** BAD_WORD: the word cannot be checked (4xx); UNAVAILABLE: engine missing, dead or overloaded (503) */
export class SttError extends Error {
  constructor(
    readonly code: 'BAD_WORD' | 'UNAVAILABLE',
    message: string,
  ) {
    super(message);
    this.name = 'SttError';
  }
}
