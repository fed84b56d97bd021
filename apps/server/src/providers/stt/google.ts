import { type ExpectedWord, type SpeechCheckResult, type SpeechRecognizer, SttError } from './types.ts';

// Google Cloud Speech-to-Text v1 REST (speech:recognize) with an API key. The base URL is
// configurable so a test can point it at a local server speaking the same protocol.

export const GOOGLE_STT_URL = 'https://speech.googleapis.com';

export interface GoogleSttOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  logger?: { warn(obj: object, msg?: string): void };
}

interface RecognizeResponse {
  results?: { alternatives?: { transcript?: string; confidence?: number }[] }[];
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z'\s-]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);

export class GoogleRecognizer implements SpeechRecognizer {
  readonly name = 'google' as const;
  constructor(private readonly opts: GoogleSttOptions) {}

  async check(pcm16k: Int16Array, expected: ExpectedWord): Promise<SpeechCheckResult> {
    const url = new URL('/v1/speech:recognize', this.opts.baseUrl ?? GOOGLE_STT_URL);
    url.searchParams.set('key', this.opts.apiKey);
    const body = {
      config: {
        encoding: 'LINEAR16',
        sampleRateHertz: 16000,
        languageCode: 'en-US',
        maxAlternatives: 5,
        // a hint, not a constraint: a wrong word still comes back as itself
        speechContexts: [{ phrases: [expected.word] }],
      },
      audio: { content: Buffer.from(pcm16k.buffer, pcm16k.byteOffset, pcm16k.byteLength).toString('base64') },
    };
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      this.opts.logger?.warn({ err: (err as Error).message }, 'google speech request failed');
      throw new SttError('UNAVAILABLE', 'Speech recognition is not available on this server.');
    }
    if (!res.ok) {
      this.opts.logger?.warn({ status: res.status }, 'google speech answered an error');
      throw new SttError('UNAVAILABLE', 'Speech recognition is not available on this server.');
    }
    let answer: RecognizeResponse;
    try {
      answer = (await res.json()) as RecognizeResponse;
    } catch {
      throw new SttError('UNAVAILABLE', 'Speech recognition is not available on this server.');
    }
    return judge(answer, expected);
  }

  async close(): Promise<void> {}
}

/** the first alternative is what was heard; a match when any alternative is the word or a homophone */
export function judge(answer: RecognizeResponse, expected: ExpectedWord): SpeechCheckResult {
  const same = new Set([expected.word, ...expected.homophones].map((w) => w.toLowerCase()));
  const alternatives = (answer.results ?? []).flatMap((r) => r.alternatives ?? []);
  const first = alternatives[0];
  // nothing recognised is not a wrong word: the player is asked to try again
  if (!first?.transcript) return { heard: '', match: false, confidence: 0, verdict: 'unsure' };
  const heard = normalise(first.transcript).join(' ');
  const clamp = (x: number | undefined, fallback: number) =>
    typeof x === 'number' && Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : fallback;
  for (const [i, alt] of alternatives.entries()) {
    const words = normalise(alt.transcript ?? '');
    if (words.length === 1 && same.has(words[0]!)) {
      // a lower alternative counts, with less confidence than Google gave the first
      const c = clamp(alt.confidence, clamp(first.confidence, 0.8)) * (i === 0 ? 1 : 0.8);
      return {
        heard: i === 0 ? heard : words[0]!,
        match: true,
        confidence: Math.max(0.5, c),
        verdict: 'right',
      };
    }
  }
  const sure = clamp(first.confidence, 0.5);
  // google unsure of its own transcript: not enough to call the word wrong
  return {
    heard,
    match: false,
    confidence: Math.min(0.49, 1 - sure),
    verdict: sure < 0.5 ? 'unsure' : 'wrong',
  };
}
