import http from 'node:http';

// what the B3 probes share: the parent's "measure" message over IPC is answered with the memory
// after three full collections (the probe runs with --expose-gc) and the open connections

export const gc = (globalThis as { gc?: () => void }).gc;

export function answerMeasure(openSockets: () => number) {
  process.on('message', async (m) => {
    if (m !== 'measure') return;
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((r) => setTimeout(r, 100));
    }
    process.send?.({ memory: process.memoryUsage(), sockets: openSockets() });
  });
}

/** the baselines' http server: a health answer, nothing else */
export const healthServer = () =>
  http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"status":"ok"}');
  });
