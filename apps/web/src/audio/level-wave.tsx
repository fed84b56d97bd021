import { Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

// the live microphone: its waveform drawn on a canvas, and its loudness as a meter a screen reader
// can read (the canvas is a picture of the same thing, hidden from assistive technology)

/** loudness 0–100 from time-domain samples (-1…1): -60 dBFS and below is 0, full scale 100 */
export function levelOf(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const v of samples) sum += v * v;
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.round(Math.min(100, Math.max(0, ((db + 60) / 60) * 100)));
}

// above this the player is clearly heard (a quiet room sits well below)
export const HEARD_LEVEL = 25;

function draw(canvas: HTMLCanvasElement, samples: Float32Array) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth * ratio;
  const height = canvas.clientHeight * ratio;
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  ctx.clearRect(0, 0, width, height);
  // the colour comes from the theme through css (the canvas element's own text colour)
  ctx.strokeStyle = getComputedStyle(canvas).color;
  ctx.lineWidth = 2.5 * ratio;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  // a quiet voice is a small signal: the picture is amplified (up to 8 times) so it still moves
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  const gain = Math.min(8, Math.max(1, 0.8 / Math.max(peak, 1e-3)));
  const step = width / Math.max(1, samples.length - 1);
  // floats, not bytes: a quiet signal in bytes is a staircase of 127s and 129s
  samples.forEach((v, i) => {
    const y = height / 2 + v * gain * (height / 2) * 0.9;
    if (i === 0) ctx.moveTo(0, y);
    else ctx.lineTo(i * step, y);
  });
  ctx.stroke();
}

export function LevelWave({
  analyser,
  onLevel,
}: {
  analyser: AnalyserNode;
  onLevel?: (level: number) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [level, setLevel] = useState(0);
  const report = useRef(onLevel);
  report.current = onLevel;

  useEffect(() => {
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    let handle = 0;
    const tick = () => {
      analyser.getFloatTimeDomainData(samples);
      if (canvas.current) draw(canvas.current, samples);
      // the meter's number changes a few times a second: enough to read, not a re-render a frame
      if (frame++ % 6 === 0) {
        const next = levelOf(samples);
        setLevel(next);
        report.current?.(next);
      }
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, [analyser]);

  return (
    <Box>
      <Box
        component="canvas"
        ref={canvas}
        aria-hidden="true"
        data-testid="level-wave"
        data-level={level}
        c="ink.6"
        bg="ink.0"
        w="100%"
        h={96}
        style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
      />
      <Box
        role="meter"
        aria-label="Microphone level"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        aria-valuetext={`${level} percent`}
        mt="xs"
        h={10}
        bg="gray.2"
        style={{ borderRadius: 999, overflow: 'hidden' }}
      >
        <Box
          h="100%"
          bg={level >= HEARD_LEVEL ? 'teal.6' : 'ink.4'}
          style={{ width: `${level}%`, transition: 'width 80ms linear' }}
        />
      </Box>
    </Box>
  );
}
