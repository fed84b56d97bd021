import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

// the built web app's files, kept in memory once read (issue 22). a page load asks for about a
// hundred of them; served from disk, each cost a stat, an open, a read and a close, and for each
// file without a precompressed twin an error object per missing twin: a third of the server's cpu
// during a page load, on a machine where the browser waits for the same cores. the files of a build
// never change (their names carry their content's hash; index.html is read afresh elsewhere), so
// each is read once, with its .br and .gz twins, and answered from memory after. a file the build
// left without twins (too small for it to bother, or copied in by hand) and above the compression
// threshold is compressed once, when first asked for

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  type: string;
  etag: string;
  lastModified: string;
  mtimeMs: number;
  cacheControl: string | undefined;
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

/** hashed file names never change content; the service worker and the manifest are looked at on every visit */
function cacheControlOf(rel: string): string | undefined {
  const name = path.basename(rel);
  if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest')) return 'no-cache';
  if (rel.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return undefined;
}

export class StaticFiles {
  private readonly root: string;
  private readonly files = new Map<string, StaticFile>();

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** the file a url path names, or null (outside the folder, a dotfile, a twin, a folder, none) */
  get(urlPath: string): StaticFile | null {
    const known = this.files.get(urlPath);
    if (known) return known;
    // not remembered when missing: a build written while the server runs is found on disk
    const file = this.read(urlPath);
    if (file) this.files.set(urlPath, file);
    return file;
  }

  private read(urlPath: string): StaticFile | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const full = path.join(this.root, decoded);
    if (!full.startsWith(this.root + path.sep)) return null;
    const rel = path.relative(this.root, full);
    // dotfiles are not served; the .br and .gz twins are sent as the file they compress
    if (rel.split(path.sep).some((part) => part.startsWith('.')) || /\.(br|gz)$/.test(rel)) return null;
    const type = TYPES[path.extname(rel).toLowerCase()];
    if (!type) return null;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      return null;
    }
    if (!stat.isFile()) return null;
    const body = fs.readFileSync(full);
    const twin = (ext: string) => {
      try {
        return fs.readFileSync(full + ext);
      } catch {
        return undefined;
      }
    };
    const compressible =
      !/^image\/(png|jpeg|webp|x-icon)|^font\//.test(type) && body.length >= COMPRESS_THRESHOLD_BYTES;
    return {
      type,
      etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      lastModified: stat.mtime.toUTCString(),
      mtimeMs: stat.mtimeMs,
      cacheControl: cacheControlOf(rel),
      body,
      br: twin('.br') ?? (compressible ? zlib.brotliCompressSync(body) : undefined),
      gzip: twin('.gz') ?? (compressible ? zlib.gzipSync(body, { level: 9 }) : undefined),
    };
  }
}

/** the encodings a request accepts (q > 0), by name */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) names.add(name);
  }
  return names;
}

function notModified(req: FastifyRequest, file: StaticFile): boolean {
  const match = req.headers['if-none-match'];
  if (match !== undefined)
    return (
      match === '*' || match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag.slice(2))
    );
  const since = req.headers['if-modified-since'];
  if (since === undefined) return false;
  const at = Date.parse(since);
  return Number.isFinite(at) && Math.floor(file.mtimeMs / 1000) * 1000 <= at;
}

/**
 * answers with the file: its precompressed twin in the encoding the browser prefers (brotli, then
 * gzip), else the file itself (the compression hook then compresses a large one on the fly);
 * 304 when the browser's copy is current
 */
export function sendStaticFile(req: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.code(200).header('Vary', 'Accept-Encoding').header('ETag', file.etag);
  reply.header('Last-Modified', file.lastModified);
  if (file.cacheControl) reply.header('Cache-Control', file.cacheControl);
  if (notModified(req, file)) return reply.code(304).send();
  reply.type(file.type);
  const encodings = accepted(req.headers['accept-encoding']);
  if (file.br && encodings.has('br')) return reply.header('Content-Encoding', 'br').send(file.br);
  if (file.gzip && (encodings.has('gzip') || encodings.has('x-gzip')))
    return reply.header('Content-Encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}
