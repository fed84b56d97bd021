import { GoogleRecognizer } from './google.ts';
import { PocketsphinxRecognizer, pocketsphinxAvailable } from './pocketsphinx.ts';
import type { SpeechRecognizer } from './types.ts';

export type SttProviderName = 'auto' | 'pocketsphinx' | 'google' | 'none';

export interface SttOptions {
  provider: SttProviderName;
  google?: { apiKey: string; baseUrl?: string } | undefined;
  logger?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

/** the configured recogniser, or undefined when none can run here (the route answers 503) */
export function createStt(opts: SttOptions): SpeechRecognizer | undefined {
  const recognizer = pick(opts);
  opts.logger?.info(
    { requested: opts.provider, provider: recognizer?.name ?? 'none' },
    'speech recognition provider selected',
  );
  return recognizer;
}

function pick(opts: SttOptions): SpeechRecognizer | undefined {
  const google = () =>
    opts.google
      ? new GoogleRecognizer({ ...opts.google, ...(opts.logger ? { logger: opts.logger } : {}) })
      : undefined;
  const sphinx = () => new PocketsphinxRecognizer(opts.logger ? { logger: opts.logger } : {});
  switch (opts.provider) {
    case 'none':
      return undefined;
    case 'google':
      return google();
    case 'pocketsphinx':
      return pocketsphinxAvailable() ? sphinx() : undefined;
    case 'auto':
      return google() ?? (pocketsphinxAvailable() ? sphinx() : undefined);
  }
}
