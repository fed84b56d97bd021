import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// helmet's headers, but https-only ones (HSTS, the CSP's upgrade-insecure-requests) only on a request
// that reached us over https through a trusted TLS-terminating proxy: over plain http (a phone on the
// LAN opening http://192.168.x.y:3000) they made the browser fetch the scripts over https, which
// this server does not speak, and the page stayed blank.
// the two sets of headers are worked out once, at start: @fastify/helmet built a new helmet
// middleware for every request, parsing the CSP's directives each time (a sixth of the server's
// time answering a live game's GET /v1/game/{id}, issue 16's B5)

const HSTS = 'max-age=31536000; includeSubDomains';

const OPTIONS: HelmetOptions = {
  strictTransportSecurity: false,
  contentSecurityPolicy: {
    directives: {
      'media-src': ["'self'", 'blob:', 'data:'],
      'img-src': ["'self'", 'data:', 'blob:'],
      'upgrade-insecure-requests': null,
    },
  },
};

/** the headers helmet sets with these options (none of them depends on the request) */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { trustProxy: boolean; publicUrl: string | undefined },
) {
  const plain = helmetHeaders(OPTIONS);
  const overHttps = {
    ...plain,
    'strict-transport-security': HSTS,
    'content-security-policy': `${plain['content-security-policy']};upgrade-insecure-requests`,
  };
  const secure = reachedOverHttps(opts);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(secure(req) ? overHttps : plain);
    done();
  });
}

/** whether the browser reached this request over https: only a trusted proxy can tell */
export function reachedOverHttps(opts: { trustProxy: boolean; publicUrl: string | undefined }) {
  const publicHttps = opts.publicUrl?.startsWith('https:') ? new URL(opts.publicUrl).host : undefined;
  return (req: FastifyRequest) => {
    if (!opts.trustProxy) return false;
    // with trustProxy, fastify reads X-Forwarded-Proto into req.protocol
    if (req.protocol === 'https') return true;
    // a proxy that does not say the scheme: the public https address names the host it serves
    return !req.headers['x-forwarded-proto'] && publicHttps !== undefined && req.host === publicHttps;
  };
}
