import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildServer } from '@sayspell/server/app';
import { loadConfig } from '@sayspell/server/config';
import { answerMeasure, gc } from './measure-ipc.ts';

// B3's and the soak's server: the real SaySpell server (same config, same code) in a process started with
// --expose-gc, answering the parent's "measure" message over IPC with its memory after two full
// collections. nothing is added per connection. DISCARD_REQUEST=1 tries one option under test:
// dropping engine.io's reference to the http upgrade request once a socket is open.

const server = await buildServer(loadConfig());
if (process.env.DISCARD_REQUEST === '1') {
  server.io.engine.on('connection', (raw: { request: unknown }) => {
    raw.request = null;
  });
}
await server.listen();

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('message', (m) => {
  if (m === 'sample') {
    // event-loop delay since the last sample (the histogram includes the 10 ms resolution)
    const loop = { maxMs: delay.max / 1e6 - 10, p99Ms: delay.percentile(99) / 1e6 - 10 };
    delay.reset();
    gc?.();
    process.send?.({ memory: process.memoryUsage(), loop, sockets: server.io.engine.clientsCount });
  }
});
answerMeasure(() => server.io.engine.clientsCount);
process.on('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});
