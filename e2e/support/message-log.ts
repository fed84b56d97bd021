import type { Page } from '@playwright/test';

// everything the browser receives from the server: http bodies and websocket frames, in order

export interface Received {
  seq: number;
  text: string;
  /** 'ws', or the method, status and url of an http response */
  source: string;
  contentType?: string;
  /** the declared length: chromium does not hand over every body (media fetched as a blob) */
  contentLength?: number;
}

/** the web app's built files: its code, styles, icons, manifest and service worker */
const APP_FILE =
  /^\/(assets\/.*|sw\.js|workbox-[\w-]+\.js|registerSW\.js|manifest\.webmanifest|[\w-]+\.(png|svg|ico|woff2?))$/;

export function recordReceived(page: Page): { log: Received[]; mark(): number } {
  const log: Received[] = [];
  let seq = 0;
  page.on('response', async (res) => {
    const at = ++seq;
    // the built app's own files are the same bytes for everyone and older than any game, so they
    // cannot carry a game's word; scanning them only finds words that happen to be string literals
    // in the code ("empty" is a word of the bank and of the bundle)
    if (res.request().method() === 'GET' && APP_FILE.test(new URL(res.url()).pathname)) return;
    try {
      const body = await res.body();
      log.push({
        seq: at,
        text: body.toString('latin1'),
        source: `${res.request().method()} ${res.status()} ${res.url()}`,
        contentType: res.headers()['content-type'],
        contentLength: Number(res.headers()['content-length'] ?? body.length),
      });
    } catch {
      // a body that is gone (navigation) cannot be read; nothing to scan
    }
  });
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => {
      log.push({
        seq: ++seq,
        text: typeof f.payload === 'string' ? f.payload : f.payload.toString('latin1'),
        source: 'ws',
      });
    });
  });
  return { log, mark: () => ++seq };
}

// fields whose values are not a word of the game: settings (a category or a status can be spelt
// like a word) and a revealed word's pronunciation (heat's ipa is "hit", and a game held both:
// the speller's page received "hit" in heat's entry before its own turn for hit)
const NOT_WORDS = /"(category|status|difficulty|endedReason|reason|channel|role|name|username|ipa)":"[^"]*"/g;

/**
 * whether a received json text carries `word` as a string value: a key named like the word
 * ("game", "word", "guess") or a setting spelt like it is not a word reaching the page
 */
export function carriesWord(text: string, word: string): boolean {
  return new RegExp(`"${word}"(?!\\s*:)`, 'i').test(text.replace(NOT_WORDS, ''));
}
