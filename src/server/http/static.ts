import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { keyOfUploadUrl, publicUrlOfKey, type UploadStorage } from '../uploads/storage';
import { streamTo } from './node-web';
import type { PageHandler } from './types';

/** Content types by file extension: the built client's files and the uploads (served, or copied into a bucket). */
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** The content type of a file or key by its extension; unknown ones are bytes. */
export function contentTypeOf(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/** Resolves a URL path inside root, or null when it would leave it. */
function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file.startsWith(root + path.sep) ? file : null;
}

function statFile(file: string): fs.Stats | null {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/** Sends a file, choosing a precompressed .br or .gz beside it when the client accepts one. */
export function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): boolean {
  const stat = statFile(file);
  if (!stat) return false;
  const ext = path.extname(file).toLowerCase();
  const headers: Record<string, string> = {
    'content-type': contentTypeOf(file),
    'cache-control': cacheControl,
  };
  let target = file;
  let size = stat.size;
  if (COMPRESSIBLE.has(ext)) {
    headers.vary = 'accept-encoding';
    const accepts = String(req.headers['accept-encoding'] ?? '');
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const variant = accepts.includes(encoding) ? statFile(file + suffix) : null;
      if (variant) {
        target = file + suffix;
        size = variant.size;
        headers['content-encoding'] = encoding;
        break;
      }
    }
  }
  headers['content-length'] = String(size);
  if (req.method === 'HEAD') {
    res.writeHead(200, headers).end();
    return true;
  }
  // Opened before the status goes out: a file gone since its stat (a build replaced under a running
  // server) or one that cannot be opened (no file descriptors left) is answered, never an error
  // nobody hears, which would end the process.
  const stream = fs.createReadStream(target);
  stream.once('error', (error: NodeJS.ErrnoException) => {
    if (res.headersSent) return;
    const gone = error.code === 'ENOENT' || error.code === 'EISDIR';
    res
      .writeHead(gone ? 404 : 503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...(gone ? {} : { 'retry-after': '1' }) })
      .end(gone ? 'Not found' : 'Busy, try again');
  });
  stream.once('open', () => {
    res.writeHead(200, headers);
    // A client that goes away mid-file is not an error of ours.
    pipeline(stream, res).catch(() => undefined);
  });
  return true;
}

/** Serves files below root at their path; immutable caching for content-hashed or random names. */
function serveDirectory(root: string, prefix: string, cacheControl: (urlPath: string) => string) {
  const absRoot = path.resolve(root);
  return (req: IncomingMessage, res: ServerResponse, urlPath: string): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const file = safeJoin(absRoot, urlPath.slice(prefix.length));
    return file ? sendFile(req, res, file, cacheControl(urlPath)) : false;
  };
}

/**
 * Serves /uploads/* from the upload storage (a folder or a bucket, streamed). With a public base URL
 * (S3_PUBLIC_URL, a CDN) it redirects there instead, cached as long as the files themselves.
 * Resolves false when there is no such file.
 */
export function serveStored(storage: UploadStorage, cacheControl: string) {
  return async (req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<boolean> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const key = keyOfUploadUrl(urlPath);
    if (!key) return false;
    if (storage.publicBaseUrl) {
      res.writeHead(301, { location: publicUrlOfKey(storage.publicBaseUrl, key), 'cache-control': cacheControl }).end();
      return true;
    }
    const stored = await storage.stream(key);
    if (!stored) return false;
    res.writeHead(200, {
      'content-type': contentTypeOf(key),
      'cache-control': cacheControl,
      'content-length': String(stored.size),
    });
    if (req.method === 'HEAD') {
      stored.body.destroy();
      res.end();
    } else {
      // A client that goes away mid-file is not an error of ours; the bucket failing mid-file is logged.
      await streamTo(res, stored.body);
    }
    return true;
  };
}

/**
 * The built client: assets by path, and every other route answered by `pages` (http/pages.ts:
 * server-rendered public pages, index.html for the others; the client router decides the rest,
 * including its not-found page).
 */
export function createClientHandler(distDir: string, pages: PageHandler) {
  const absRoot = path.resolve(distDir);
  // The service worker and the manifests are revalidated on every load, so an update reaches users at once.
  const assets = serveDirectory(absRoot, '/', (p) =>
    p.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : p === '/sw.js' || p.endsWith('/manifest.webmanifest')
        ? 'no-cache'
        : 'public, max-age=3600',
  );
  return async (req: IncomingMessage, res: ServerResponse, urlPath: string, origin: string): Promise<void> => {
    if (path.extname(urlPath) && assets(req, res, urlPath)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path.extname(urlPath) && urlPath !== '/index.html') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    return pages(req, res, urlPath, origin);
  };
}
