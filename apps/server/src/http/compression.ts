import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// answers above a size threshold go out compressed when the browser accepts it. the web app's files
// come precompressed from the build: static-files.ts sends the .br/.gz beside them from memory,
// already marked, which this leaves alone, and compresses once a file that has none. this covers
// json answers. brotli at a low quality: on the fly, quality 11 costs ~50× the cpu for a few % less.
// socket.io traffic never passes through fastify's reply, so a game's events are not touched.

export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    // nobody sends a compressed body: no decompression hooks on every request
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
