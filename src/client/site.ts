import { SHELL_DATA_ID } from '../shared/script-json';
import type { SiteLogo } from '../shared/site';
import { siteName } from '../shared/page-titles';
import { useLanguage } from './i18n/language';
import type { Reads } from './reads';
import { useRead } from './reads';

/** The element every served page's head carries the marketplace's identity in (server: catalog/share-head.ts siteTags). */
const SITE_DATA_ID = 'site-data';
const SITE_READ_KEY = 'settings.site:';

/**
 * The marketplace's name as this page says it (issue 47), from its settings. Every page's head
 * carries the identity (read into the page's cache by `hydrateSiteData` before the first render), a
 * server-rendered page's data too, so the top bar and titles never show another name first; after a
 * save, `reads.invalidate('settings.site')` asks again.
 */
export function useSiteName(): string {
  return siteName(useRead('settings.site', undefined, { staleTime: 5 * 60_000 }).data?.name, useLanguage());
}

/** The marketplace's logo (issue 47): its square image and small icon; null without one. */
export function useSiteLogo(): SiteLogo | null {
  return useRead('settings.site', undefined, { staleTime: 5 * 60_000 }).data?.logo ?? null;
}

/** Puts the identity the page's head carries into the page's cache (the browser, before the first render). */
export function hydrateSiteData(reads: Reads, doc: Document): void {
  hydrateFromScript(reads, doc, SITE_DATA_ID, SITE_READ_KEY);
}

/** A read's answer as a `<script type="application/json">` of the page holds it, into the page's cache. */
function hydrateFromScript(reads: Reads, doc: Document, elementId: string, readKey: string): void {
  const text = doc.getElementById(elementId)?.textContent;
  if (text) reads.hydrate([[readKey, { data: JSON.parse(text) as unknown }]]);
}

/**
 * Puts what the app shell shows around the page (the footer's pages, the announcement), as the head of
 * a page the browser renders alone carries it, into the page's cache: the announcement is there at the
 * first render instead of pushing the screen down when its read answers. A server-rendered page
 * carries it in its own data.
 */
export function hydrateShellData(reads: Reads, doc: Document): void {
  hydrateFromScript(reads, doc, SHELL_DATA_ID, 'pages.shell:');
}
