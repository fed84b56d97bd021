import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// helmet's headers, but https-only ones (HSTS, the CSP's upgrade-insecure-requests) only on a request
// that reached us over https through a trusted TLS-terminating proxy: over plain http (a phone on the
// LAN opening http://192.168.x.y:3000) they made the browser fetch the scripts over https, which
// this server does not speak, and the page stayed blank

const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { trustProxy: boolean; publicUrl: string | undefined },
) {
  await app.register(helmet, {
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        'media-src': ["'self'", 'blob:', 'data:'],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  const secure = reachedOverHttps(opts);
  app.addHook('onRequest', async (req, reply) => {
    if (!secure(req)) return;
    reply.header('Strict-Transport-Security', HSTS);
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('Content-Security-Policy', `${csp};upgrade-insecure-requests`);
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
