import { TEXTS } from '@sayspell/core/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

// the browser's own speech recognition (Web Speech API), as §5 sets it: en-US, one phrase at a
// time (not continuous), interim results shown while the player speaks, first letter capitalised

/** the part of the Web Speech API we use (typescript's dom library does not declare it) */
export interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((e: RecognitionResultEvent) => void) | null;
  onerror: ((e: { error: string; message?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export interface RecognitionResultEvent {
  resultIndex: number;
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

type RecognitionClass = new () => RecognitionLike;

export function recognitionClass(
  win: { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown } = window as never,
): RecognitionClass | undefined {
  return (win.SpeechRecognition ?? win.webkitSpeechRecognition) as RecognitionClass | undefined;
}

export function capitaliseFirst(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

// what the recognition's error codes mean to a player
const ERRORS: Record<string, string> = {
  'not-allowed': TEXTS.audioNotEnabled,
  'service-not-allowed': TEXTS.speechRecognitionUnavailable,
  'audio-capture': TEXTS.microphoneNotDetected,
  'no-speech': 'We did not hear anything. Try again a little closer to the microphone.',
  network: 'Speech recognition needs a network connection. Check it and try again.',
};

export interface SpeechRecognitionState {
  supported: boolean;
  listening: boolean;
  /** what was heard so far (interim while listening), first letter capitalised */
  transcript: string;
  error: string | null;
  start(): void;
  stop(): void;
}

export function useSpeechRecognition(): SpeechRecognitionState {
  const [Recognition] = useState(() => recognitionClass());
  const supported = !!Recognition;
  const [listening, setListening] = useState(false);
  const [transcript, setTranscript] = useState('');
  const [error, setError] = useState<string | null>(supported ? null : TEXTS.speechRecognitionUnavailable);
  const current = useRef<RecognitionLike | null>(null);

  const start = useCallback(() => {
    if (!Recognition) {
      setError(TEXTS.speechRecognitionUnavailable);
      return;
    }
    current.current?.abort();
    const rec = new Recognition();
    rec.lang = 'en-US';
    rec.continuous = false;
    rec.interimResults = true;
    rec.maxAlternatives = 1;
    rec.onresult = (e) => {
      // not continuous: one phrase, so the whole list of results is what was said
      const text = Array.from(e.results, (r) => r[0]?.transcript ?? '').join('');
      setTranscript(capitaliseFirst(text));
    };
    rec.onerror = (e) => {
      // aborted is us stopping on purpose
      if (e.error === 'aborted') return;
      setError(ERRORS[e.error] ?? 'Speech recognition stopped unexpectedly. Try again.');
    };
    rec.onend = () => {
      if (current.current === rec) {
        current.current = null;
        setListening(false);
      }
    };
    current.current = rec;
    setTranscript('');
    setError(null);
    setListening(true);
    try {
      rec.start();
    } catch {
      current.current = null;
      setListening(false);
      setError('Speech recognition could not start. Try again.');
    }
  }, [Recognition]);

  const stop = useCallback(() => {
    // stop, not abort: the phrase heard so far still arrives as a final result
    current.current?.stop();
  }, []);

  useEffect(
    () => () => {
      const rec = current.current;
      current.current = null;
      if (rec) {
        rec.onresult = null;
        rec.onerror = null;
        rec.onend = null;
        rec.abort();
      }
    },
    [],
  );

  return { supported, listening, transcript, error, start, stop };
}
