import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedBody, PublicCache } from '../cache/public-cache';
import { singleFlight } from '../cache/single-flight';
import type { DB } from '../db/client';
import { sendBody } from '../http/send-body';
import { parseChunkPath, renderRobots, sitemapChunk, sitemapIndex } from './sitemaps';

export interface SeoFilesOptions {
  db: DB;
  /** The site's origin (PUBLIC_URL, else http://localhost:PORT): every URL in these files starts with it. */
  siteOrigin: () => string;
  /** URLs per sitemap chunk (SITEMAP_CHUNK_SIZE). */
  chunkSize: number;
  /** The public reads' cache: these files are kept and emptied with the pages they list. */
  cache: PublicCache;
}

const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/**
 * /robots.txt, /sitemap.xml and /sitemaps/{products|shops}-N.xml, answered from the public cache like
 * the public pages (an ETag, 304, compressed once), so a write (a product hidden, a shop taken down)
 * takes them out on the next request. Resolves false for any other path.
 */
export function createSeoFilesHandler(options: SeoFilesOptions) {
  const { cache } = options;
  // A chunk is tens of thousands of URLs (megabytes of XML): made once per cache generation however
  // many crawlers miss it at once, as every one does after a write.
  const making = singleFlight<CachedBody | null>();
  /** The body for a path, computed once per cache generation; null: no such file. */
  async function bodyOf(urlPath: string): Promise<{ text: string; type: string } | null> {
    const site = options.siteOrigin();
    if (urlPath === '/robots.txt') return { text: renderRobots(site), type: TEXT };
    if (urlPath === '/sitemap.xml') return { text: await sitemapIndex(options.db, site, options.chunkSize), type: XML };
    const chunk = parseChunkPath(urlPath);
    if (!chunk) return null;
    const text = await sitemapChunk(options.db, site, chunk.kind, chunk.n, options.chunkSize);
    return text === null ? null : { text, type: XML };
  }

  return async (req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<boolean> => {
    if (urlPath !== '/robots.txt' && urlPath !== '/sitemap.xml' && !urlPath.startsWith('/sitemaps/')) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return true;
    }
    const key = `seo ${urlPath}`;
    let body: CachedBody | null | undefined = cache.enabled ? cache.get(key) : undefined;
    if (!body) {
      const generation = cache.generation();
      body = await making(`${generation} ${key}`, async () => {
        const made = await bodyOf(urlPath);
        return made && cache.set(key, generation, made.text, made.type);
      });
      if (!body) {
        res.writeHead(404, { 'content-type': TEXT, 'cache-control': 'no-cache' }).end(req.method === 'HEAD' ? undefined : 'Not found');
        return true;
      }
    }
    sendBody(req, res, body, { status: 200, cacheControl: 'no-cache', encodedOf: cache.encoded });
    return true;
  };
}
