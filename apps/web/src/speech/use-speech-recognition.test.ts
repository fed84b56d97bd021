import { TEXTS } from '@sayspell/core/constants';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RecognitionLike, RecognitionResultEvent } from './use-speech-recognition.ts';
import { capitaliseFirst, useSpeechRecognition } from './use-speech-recognition.ts';

// a scripted stand-in for the browser's SpeechRecognition: the test plays what it "hears"
class ScriptedRecognition implements RecognitionLike {
  static last: ScriptedRecognition | null = null;
  lang = '';
  continuous = true;
  interimResults = false;
  maxAlternatives = 0;
  started = false;
  aborted = false;
  onresult: ((e: RecognitionResultEvent) => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;

  constructor() {
    ScriptedRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
  abort() {
    this.aborted = true;
    this.onend?.();
  }
  /** the browser reports the phrase so far */
  hear(parts: string[], isFinal = false) {
    const results = parts.map((transcript) => Object.assign([{ transcript }], { isFinal }));
    this.onresult?.({ resultIndex: 0, results });
  }
}

describe('useSpeechRecognition', () => {
  it('listens in en-US, one phrase with interim results, and capitalises what it heard', () => {
    vi.stubGlobal('SpeechRecognition', ScriptedRecognition);
    const { result } = renderHook(() => useSpeechRecognition());
    expect(result.current.supported).toBe(true);
    expect(result.current.error).toBeNull();
    act(() => result.current.start());
    const rec = ScriptedRecognition.last!;
    expect(rec.started).toBe(true);
    expect(rec.lang).toBe('en-US');
    expect(rec.continuous).toBe(false);
    expect(rec.interimResults).toBe(true);
    expect(result.current.listening).toBe(true);

    act(() => rec.hear(['har']));
    expect(result.current.transcript).toBe('Har');
    act(() => rec.hear(['harbor'], true));
    expect(result.current.transcript).toBe('Harbor');
    act(() => result.current.stop());
    expect(result.current.listening).toBe(false);
    expect(result.current.transcript).toBe('Harbor');
  });

  it('uses the webkit-prefixed class and explains a refused microphone', () => {
    vi.stubGlobal('webkitSpeechRecognition', ScriptedRecognition);
    const { result } = renderHook(() => useSpeechRecognition());
    act(() => result.current.start());
    act(() => ScriptedRecognition.last!.onerror?.({ error: 'not-allowed' }));
    expect(result.current.error).toBe(TEXTS.audioNotEnabled);
  });

  it('says the spec sentence when the browser has no speech recognition', () => {
    const { result } = renderHook(() => useSpeechRecognition());
    expect(result.current.supported).toBe(false);
    expect(result.current.error).toBe(TEXTS.speechRecognitionUnavailable);
    expect(TEXTS.speechRecognitionUnavailable).toBe(
      'Speech Recognition is not available on this browser. Please use Chrome or Firefox',
    );
    act(() => result.current.start());
    expect(result.current.listening).toBe(false);
  });

  it('stops listening when the component goes away', () => {
    vi.stubGlobal('SpeechRecognition', ScriptedRecognition);
    const { result, unmount } = renderHook(() => useSpeechRecognition());
    act(() => result.current.start());
    const rec = ScriptedRecognition.last!;
    unmount();
    expect(rec.aborted).toBe(true);
  });
});

describe('capitaliseFirst', () => {
  it('capitalises only the first letter', () => {
    expect(capitaliseFirst(' harbor lights')).toBe('Harbor lights');
    expect(capitaliseFirst('')).toBe('');
  });
});
