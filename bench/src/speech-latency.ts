// speech-out latency per provider: first call (cold), warm uncached, back-to-back and cached.
// npm run speech -w @sayspell/bench
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTts, type TtsProviderName } from '@sayspell/server/providers/tts/create-tts';
import { EspeakWasmEngine } from '@sayspell/server/providers/tts/espeak-wasm-engine';
import { findExecutable } from '@sayspell/server/providers/tts/system-command';
import { writeResult } from './measure.ts';

const results: Record<string, Record<string, number>> = {};

const WORDS = ['elephant', 'necessary', 'rhythm', 'separate', 'library', 'because', 'beautiful', 'calendar'];
const BURST = ['orange', 'whistle', 'pyramid', 'thunder', 'biscuit', 'lantern', 'meadow', 'quarrel'];
// gives the WASM provider time to prepare its next instance, as between real requests
const PAUSE_MS = 300;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await run();
  return [performance.now() - start, result];
}

async function measure(provider: Exclude<TtsProviderName, 'auto'>) {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const tts = createTts({ provider });
  try {
    const [cold] = await timed(() => tts.speak('spelling'));
    const warm: number[] = [];
    loop.enable();
    for (const word of WORDS) {
      await sleep(PAUSE_MS);
      warm.push((await timed(() => tts.speak(word)))[0]);
    }
    const [burst] = await timed(async () => {
      for (const word of BURST) await tts.speak(word);
    });
    loop.disable();
    const cached: number[] = [];
    for (const word of WORDS) cached.push((await timed(() => tts.speak(word)))[0]);
    results[provider] = {
      coldMs: +cold.toFixed(1),
      warmUncachedMedianMs: +median(warm).toFixed(1),
      warmUncachedMaxMs: +Math.max(...warm).toFixed(1),
      backToBackPerWordMs: +(burst / BURST.length).toFixed(1),
      cachedMedianUs: +(median(cached) * 1000).toFixed(1),
      eventLoopDelayMaxMs: +(loop.max / 1e6).toFixed(1),
    };
    console.info(
      `${provider.padEnd(12)} cold ${ms(cold).padStart(9)} | warm uncached median ${ms(median(warm)).padStart(8)}` +
        ` max ${ms(Math.max(...warm)).padStart(8)} | back-to-back ${ms(burst / BURST.length).padStart(8)}/word` +
        ` | cached median ${(median(cached) * 1000).toFixed(0)} µs | event-loop delay max ${ms(loop.max / 1e6)}`,
    );
  } finally {
    await tts.close();
  }
}

// the same engine on the main thread, to show what the worker keeps off the event loop
async function measureInProcess() {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const [cold, engine] = await timed(async () => {
    const loaded = await EspeakWasmEngine.load();
    await loaded.synthesize('spelling', 'en-us');
    return loaded;
  });
  const warm: number[] = [];
  loop.enable();
  for (const word of WORDS) {
    await sleep(PAUSE_MS);
    warm.push((await timed(() => engine.synthesize(word, 'en-us')))[0]);
  }
  loop.disable();
  console.info(
    `${'(in-process)'.padEnd(12)} cold ${ms(cold).padStart(9)} | warm uncached median ${ms(median(warm)).padStart(8)}` +
      ` max ${ms(Math.max(...warm)).padStart(8)} | event-loop delay max ${ms(loop.max / 1e6)}`,
  );
}

await measure('espeak-wasm');
if (findExecutable('flite')) await measure('flite');
else console.info('flite        not installed');
if (findExecutable('espeak-ng')) await measure('espeak-ng');
else console.info('espeak-ng    not installed');
await measureInProcess();
console.info('written to', writeResult('speech-latency', { results }));
