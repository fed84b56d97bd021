import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './request-logger.ts';

/** a fastify app logging through pino at `level` into `lines`, with a route that logs a warning */
function app(level: string) {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level }, out);
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => {
    children++;
    return child(...args);
  }) as typeof logger.child;
  const server = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    childLoggerFactory: lazyRequestLogger,
  });
  server.get('/quiet', async () => ({ ok: true }));
  server.get('/warns', async (req) => {
    req.log.warn({ what: 'thing' }, 'something odd');
    return { ok: true };
  });
  server.get('/debugs', { logLevel: 'debug' }, async (req) => {
    req.log.debug('details');
    return { ok: true };
  });
  return { server, lines, children: () => children };
}

describe('the request logger', () => {
  it('makes no child logger for a request that logs nothing at the level written', async () => {
    const { server, lines, children } = app('warn');
    await server.ready();
    const before = children();
    expect((await server.inject('/quiet')).statusCode).toBe(200);
    // the request lines are at info: dropped, and nothing was made for them
    expect(lines).toEqual([]);
    expect(children() - before).toBe(0);
  });

  it("writes a line a request logs, bound to the request's id, as pino's child would", async () => {
    const { server, lines, children } = app('warn');
    await server.ready();
    const before = children();
    await server.inject('/warns');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'something odd', what: 'thing' });
    expect(lines[0]!.reqId).toEqual(expect.any(String));
    expect(children() - before).toBe(1);
  });

  it("writes fastify's request lines at info, with the request's id", async () => {
    const { server, lines } = app('info');
    await server.inject('/quiet');
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[0]!.reqId).toBe(lines[1]!.reqId);
  });

  it("keeps a route's own log level", async () => {
    const { server, lines } = app('warn');
    await server.inject('/debugs');
    expect(lines.map((l) => l.msg)).toContain('details');
  });
});
