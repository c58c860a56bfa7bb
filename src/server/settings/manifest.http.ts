import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { CachedBody, PublicCache } from '../cache/public-cache';
import type { DB } from '../db/client';
import { sendBody } from '../http/send-body';
import { DEFAULT_SITE_NAME } from '../../shared/page-titles';
import { browserUrlOf, type UploadStorage } from '../uploads/storage';
import { BRAND_ICONS, brandIconUrls } from './brand-icons';
import { logoUrl, siteIdentity } from './settings.service';

const MANIFEST = 'application/manifest+json; charset=utf-8';
const PATHS: Readonly<Record<string, string>> = { '/manifest.webmanifest': 'manifest.webmanifest', '/ur/manifest.webmanifest': 'ur/manifest.webmanifest' };

/**
 * The installed app's manifests (/manifest.webmanifest and Urdu's /ur/manifest.webmanifest): the built
 * files with the marketplace's own name, short name and colour (issue 47), from the one source. While
 * the name is the default, each language keeps its own (Urdu's is translated at build). With a logo,
 * its icons replace the built ones (192 and 512 px, and a maskable 512 px). Kept in the
 * public cache, so a saved setting reaches it at the next request, on every instance. Resolves false for
 * any other path, or when the built file is missing (`npm run dev`: Vite serves it).
 */
export function createManifestHandler(options: { db: DB; clientDist: string; cache: PublicCache; images?: Pick<UploadStorage, 'publicBaseUrl'> }) {
  const { cache } = options;
  const built = new Map<string, Record<string, unknown> | null>();
  const builtManifest = (file: string) => {
    if (!built.has(file)) {
      const full = path.join(path.resolve(options.clientDist), file);
      built.set(file, fs.existsSync(full) ? (JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>) : null);
    }
    return built.get(file) ?? null;
  };

  return async (req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<boolean> => {
    const file = PATHS[urlPath];
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const manifest = builtManifest(file);
    if (!manifest) return false;
    const key = `manifest ${urlPath}`;
    let body: CachedBody | undefined = cache.enabled ? cache.get(key) : undefined;
    if (!body) {
      const generation = cache.generation();
      const [site, logo] = await Promise.all([siteIdentity(options.db), logoUrl(options.db)]);
      const own = site.name === DEFAULT_SITE_NAME ? {} : { name: site.name, short_name: site.shortName };
      const icons = logo ? { icons: logoIcons(logo, options.images) } : {};
      const text = `${JSON.stringify({ ...manifest, ...own, ...(site.tagline ? { description: site.tagline } : {}), theme_color: site.brandColour, ...icons }, null, 2)}\n`;
      body = cache.set(key, generation, text, MANIFEST);
    }
    sendBody(req, res, body, { status: 200, cacheControl: 'no-cache', encodedOf: cache.encoded });
    return true;
  };
}

/** The installed app's icons made from the logo (settings/brand-icons.ts), where browsers load them. */
function logoIcons(logo: string, images: Pick<UploadStorage, 'publicBaseUrl'> = { publicBaseUrl: null }) {
  const urls = brandIconUrls(logo);
  const icon = (name: 'icon192' | 'icon512' | 'maskable512', purpose: 'any' | 'maskable') => {
    const { size } = BRAND_ICONS[name];
    return { src: browserUrlOf(images, urls[name]), sizes: `${size}x${size}`, type: 'image/png', purpose };
  };
  return [icon('icon192', 'any'), icon('icon512', 'any'), icon('maskable512', 'maskable')];
}
