import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../auth/token-storage.ts';
import { renderWithProviders } from '../test/render.tsx';
import { PronunciationCheck } from './pronunciation-check.tsx';

// the check against a stand-in browser: a microphone whose audio thread delivers a 48 kHz tone
// (through the real recorder and WAV encoder), and a server answering the multipart upload

let stopped: number;
let sent: { url: string; headers: Record<string, string>; form: FormData }[];

function fakeBrowser(refuse?: string) {
  stopped = 0;
  sent = [];
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () => {
        if (refuse) throw new DOMException('refused', refuse);
        return { getTracks: () => [{ stop: () => stopped++ }] };
      },
    },
  });
  vi.stubGlobal(
    'AudioContext',
    class {
      sampleRate = 48_000;
      state = 'running';
      destination = {};
      createMediaStreamSource() {
        return { channelCount: 1, connect() {}, disconnect() {} };
      }
      createGain() {
        return { gain: { value: 1 }, connect() {} };
      }
      createScriptProcessor(size: number) {
        const processor = {
          onaudioprocess: null as ((e: unknown) => void) | null,
          connect() {
            // the audio thread: blocks of a tone until the recorder has enough
            queueMicrotask(function deliver() {
              if (!processor.onaudioprocess) return;
              const block = Float32Array.from({ length: size }, (_, i) => Math.sin(i / 10) * 0.5);
              processor.onaudioprocess({
                inputBuffer: { numberOfChannels: 1, length: size, getChannelData: () => block },
              });
              queueMicrotask(deliver);
            });
          },
          disconnect() {},
        };
        return processor;
      }
      resume() {
        return Promise.resolve();
      }
      close() {
        return Promise.resolve();
      }
    },
  );
}

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string>, form: init.body as FormData });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

const GAME = '6f1c2b1e-4a55-4d3c-9a6e-0c2f4f1d8e21';
const turn = { gameId: GAME, index: 3, word: 'harbor' };

beforeEach(() => {
  fakeBrowser();
  storeTokens('guest', { accessToken: 'access-1', refreshToken: 'refresh-1' });
});

describe('pronunciation check', () => {
  it('records 2.5 s as a 16 kHz WAV, sends it with the game and turn and says it sounds right', async () => {
    answer(200, {
      data: { heard: 'harbor', match: true, confidence: 0.93, verdict: 'right', provider: 'test' },
    });
    renderWithProviders(<PronunciationCheck {...turn} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check my pronunciation' }));
    expect(await screen.findByText('Sounds right: we heard "harbor".')).toBeTruthy();
    expect(stopped).toBe(1);
    expect(sent).toHaveLength(1);
    const [call] = sent;
    expect(call?.url).toBe('/v1/google/speech-to-text');
    expect(call?.headers.Authorization).toBe('Bearer access-1');
    expect(call?.form.get('gameId')).toBe(GAME);
    expect(call?.form.get('index')).toBe('3');
    expect(call?.form.get('word')).toBe('harbor');
    const wav = call?.form.get('wavfile') as File;
    expect(wav.name).toBe('speech.wav');
    expect(wav.type).toBe('audio/wav');
    // 2.5 s at 16 kHz, 2 bytes a sample, after the 44-byte header
    expect(wav.size).toBe(44 + 40_000 * 2);
  });

  it('says what it heard and gives a tip when the word does not match', async () => {
    answer(200, {
      data: { heard: 'harder', match: false, confidence: 0.31, verdict: 'wrong', provider: 'test' },
    });
    renderWithProviders(<PronunciationCheck {...turn} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check my pronunciation' }));
    expect(await screen.findByText('We heard "harder"')).toBeTruthy();
    expect(screen.getByText(/Tip: say “harbor” slowly/)).toBeTruthy();
    expect(screen.queryByText("Didn't catch that, try again.")).toBeNull();
    expect(screen.getByRole('button', { name: 'Check my pronunciation' })).toBeTruthy();
  });

  it('asks to try again, without calling it wrong, when the check is not sure', async () => {
    answer(200, { data: { heard: '', match: false, confidence: 0.2, verdict: 'unsure', provider: 'test' } });
    renderWithProviders(<PronunciationCheck {...turn} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check my pronunciation' }));
    expect(await screen.findByText("Didn't catch that, try again.")).toBeTruthy();
    expect(screen.getByText(/Say “harbor” once, close to the microphone/)).toBeTruthy();
    // none of what a wrong word shows
    expect(screen.queryByText(/We heard|We did not catch a word|Tip:/)).toBeNull();
    // the button offers the retry, and a retry sends a second recording
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await expect.poll(() => sent.length).toBe(2);
  });

  it("shows the server's sentence when recognition is not available", async () => {
    answer(503, {
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Speech recognition is not available on this server.',
    });
    renderWithProviders(<PronunciationCheck {...turn} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check my pronunciation' }));
    expect(await screen.findByText('Speech recognition is not available on this server.')).toBeTruthy();
  });

  it('asks for microphone permission in the words of the spec', async () => {
    fakeBrowser('NotAllowedError');
    answer(200, {});
    renderWithProviders(<PronunciationCheck {...turn} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check my pronunciation' }));
    expect(await screen.findByText('Please go to Settings and enable microphone permissions.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
