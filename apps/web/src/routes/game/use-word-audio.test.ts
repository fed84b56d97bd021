import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWordAudio } from './use-word-audio.ts';

// jsdom has no media: an element that records what it was asked to load
class RecordingAudio {
  static made: RecordingAudio[] = [];
  src = '';
  preload = '';
  volume = 1;
  currentTime = 0;
  onended: (() => void) | null = null;
  constructor() {
    RecordingAudio.made.push(this);
  }
  pause() {}
  play() {
    return Promise.resolve();
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
}

/** a server that has not answered yet: each fetch waits until it is aborted */
function pendingFetch() {
  const signals: (AbortSignal | undefined)[] = [];
  const fetchMock = vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) => {
    signals.push(init.signal ?? undefined);
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
  return { fetchMock, signals };
}

afterEach(() => {
  RecordingAudio.made = [];
});

describe('useWordAudio', () => {
  it('stops fetching a word once the turn moves on, and never hands that word to the player', async () => {
    vi.stubGlobal('Audio', RecordingAudio);
    const { fetchMock, signals } = pendingFetch();
    vi.stubGlobal('fetch', fetchMock);
    const { rerender, unmount } = renderHook(({ url }) => useWordAudio(url), {
      initialProps: { url: '/v1/game/g/audio/turn-1' as string | null },
    });
    await waitFor(() => expect(signals).toHaveLength(1));

    // a fast speller answered: the next word's link comes before the first one's audio did
    rerender({ url: '/v1/game/g/audio/turn-2' });
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);

    unmount();
    expect(signals[1]?.aborted).toBe(true);
    // the elements of the words that were left load nothing by themselves (no fallback to the link)
    await new Promise((r) => setTimeout(r, 0));
    expect(RecordingAudio.made.map((a) => a.src)).toEqual(['', '']);
  });
});
