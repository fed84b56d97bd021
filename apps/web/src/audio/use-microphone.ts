import { useEffect, useState } from 'react';
import { type MicrophoneProblem, microphoneConstraints, microphoneProblem } from './devices.ts';

// the microphone opened for as long as a component asks for it: every track stopped and the audio
// context closed when it stops asking, changes device or goes away (no microphone left open)

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** asks for the microphone (the chosen one, or `deviceId`), e.g. for permission and device labels */
export function openMicrophone(deviceId?: string): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: { ...microphoneConstraints(), ...(deviceId ? { deviceId: { ideal: deviceId } } : {}) },
  });
}

export interface MicrophoneAnalyser {
  analyser: AnalyserNode | null;
  problem: MicrophoneProblem | null;
}

/** a Web Audio analyser on the live microphone while `enabled` */
export function useMicrophoneAnalyser(enabled: boolean, deviceId: string | undefined): MicrophoneAnalyser {
  const [state, setState] = useState<MicrophoneAnalyser>({ analyser: null, problem: null });
  useEffect(() => {
    if (!enabled) {
      setState({ analyser: null, problem: null });
      return;
    }
    let stream: MediaStream | null = null;
    let context: AudioContext | null = null;
    let gone = false;
    openMicrophone(deviceId).then(
      (opened) => {
        if (gone) return stopStream(opened);
        stream = opened;
        context = new AudioContext();
        const analyser = context.createAnalyser();
        analyser.fftSize = 2048;
        // analysed only, never played: no echo of the player's own voice
        context.createMediaStreamSource(opened).connect(analyser);
        void context.resume().catch(() => {});
        setState({ analyser, problem: null });
      },
      (err: unknown) => {
        if (!gone) setState({ analyser: null, problem: microphoneProblem(err) });
      },
    );
    return () => {
      gone = true;
      stopStream(stream);
      void context?.close().catch(() => {});
    };
  }, [enabled, deviceId]);
  return state;
}
