import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/error-handler.ts';
import { StaticFiles, sendStaticFile } from '../http/static-files.ts';

// serves the built web app; any other GET for a page falls back to index.html (the spa routes)

const API_PREFIXES = ['/v1/', '/api/', '/socket.io/', '/health'];

export async function webAppRoutes(app: FastifyInstance, deps: { webDist: string }) {
  const index = path.join(deps.webDist, 'index.html');
  const built = fs.existsSync(index);
  // the build's files from memory (static-files.ts): x.js.br and x.js.gz beside x.js are sent as
  // x.js with their Content-Encoding to a browser that accepts it (Vary: Accept-Encoding either way)
  const files = built ? new StaticFiles(deps.webDist) : null;
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    const readable = req.method === 'GET' || req.method === 'HEAD';
    if (!readable || isApi || !files) {
      const message =
        built || isApi
          ? `There is no ${req.method} ${req.url.split('?')[0]}.`
          : 'The web app is not built yet: run `npm run build`.';
      return reply.status(404).send(errorBody(404, message, 'NOT_FOUND'));
    }
    const pathname = req.url.split('?')[0]!;
    const file = pathname === '/' || pathname === '/index.html' ? null : files.get(pathname);
    if (file) return sendStaticFile(req, reply, file);
    // every other page is the app's (its router shows the page, or its own "not found")
    return reply
      .code(200)
      .header('Cache-Control', 'no-cache')
      .type('text/html')
      .send(fs.createReadStream(index));
  });
}
