import { useCallback, useEffect, useRef, useState } from 'react';
import { requestBlob } from '../../api/client.ts';
import { effectiveVolume, subscribeSound } from '../../audio/sound-prefs.ts';
import { buzzerRemainingMs } from './buzzer.ts';

// the voice that says the current word. the url is opaque and good for this turn only; the
// audio is fetched once (with the bearer token) so "hear it again" replays instantly.

export type VoiceState = 'idle' | 'loading' | 'playing' | 'ready' | 'blocked' | 'error';

export function useWordAudio(url: string | null) {
  const [state, setState] = useState<VoiceState>('idle');
  const audioRef = useRef<HTMLAudioElement | null>(null);

  const play = useCallback(async () => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = 0;
    try {
      await audio.play();
      setState('playing');
    } catch (err) {
      // browsers refuse sound before the first tap on the page: the button asks for that tap
      setState(err instanceof DOMException && err.name === 'NotAllowedError' ? 'blocked' : 'error');
    }
  }, []);

  useEffect(() => {
    if (!url) {
      setState('idle');
      return;
    }
    let cancelled = false;
    let objectUrl: string | null = null;
    const audio = new Audio();
    audio.preload = 'auto';
    // the device's mute and volume (audio/sound-prefs.ts), followed while the word plays
    audio.volume = effectiveVolume();
    const unsubscribe = subscribeSound(() => {
      audio.volume = effectiveVolume();
    });
    audio.onended = () => setState((s) => (s === 'playing' ? 'ready' : s));
    audioRef.current = audio;
    setState('loading');

    let timer: number | undefined;
    // a word the speller has already answered is not fetched to the end: over http/1.1 a browser
    // opens six connections to the server, and a fast speller's unfinished words took all six, so
    // the results page's code waited behind them (issue 22)
    const fetching = new AbortController();
    requestBlob(url, fetching.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        audio.src = objectUrl;
      })
      .catch(() => {
        if (!cancelled) audio.src = url;
      })
      .then(() => {
        if (cancelled) return;
        // let the buzzer of the last guess finish first
        timer = window.setTimeout(() => void play(), buzzerRemainingMs());
      });

    return () => {
      cancelled = true;
      fetching.abort();
      unsubscribe();
      window.clearTimeout(timer);
      audio.pause();
      audio.removeAttribute('src');
      audioRef.current = null;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, play]);

  return { state, replay: play };
}
