import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/error-handler.ts';

// serves the built web app; any other GET for a page falls back to index.html (the spa routes)

const API_PREFIXES = ['/v1/', '/api/', '/socket.io/', '/health'];

export async function webAppRoutes(app: FastifyInstance, deps: { webDist: string }) {
  const index = path.join(deps.webDist, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: deps.webDist,
      wildcard: false,
      index: false,
      // the build writes x.js.br and x.js.gz beside x.js: sent as x.js with its Content-Encoding to a
      // browser that accepts it (Vary: Accept-Encoding either way)
      preCompressed: true,
      // hashed file names never change content
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        // the service worker and the manifest are looked at on every visit: a new version is seen
        // at once (the worker itself caches the rest). `file` may be the .br or .gz copy
        const name = path.basename(file).replace(/\.(br|gz)$/, '');
        if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest')) {
          res.header('Cache-Control', 'no-cache');
        }
        if (name.endsWith('.webmanifest')) res.header('Content-Type', 'application/manifest+json');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    if (req.method !== 'GET' || isApi || !built) {
      const message =
        built || isApi
          ? `There is no ${req.method} ${req.url.split('?')[0]}.`
          : 'The web app is not built yet: run `npm run build`.';
      return reply.status(404).send(errorBody(404, message, 'NOT_FOUND'));
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(index));
  });
}
