import { scriptJson } from '../shared/script-json';
import type { DehydratedRead, Reads } from './reads';

/**
 * A server-rendered page carries the answers its first render used (reads.ts's dehydrated entries) in
 * `<script type="application/json" id="page-data">`: the browser starts from them, so the first render
 * is the server's and asks the API nothing.
 */
export const PAGE_DATA_ID = 'page-data';

/**
 * The answers as JSON that is safe inside a <script> element: `<`, `>` and `&` are escaped (no
 * `</script>` or `<!--` can end or change it) and so are U+2028 and U+2029 (line terminators to
 * older JavaScript parsers). Failures keep only their shape, which is what the API would have sent.
 */
export function pageDataJson(reads: DehydratedRead[]): string {
  return scriptJson({ reads });
}

/**
 * Puts a server-rendered page's answers into the page's cache, fresh from now by this browser's clock
 * (the page was rendered for this visit, or kept by the server's cache, which every write empties); a
 * failure the server rendered ("not found") is not asked again while the page hydrates. Returns false
 * when the page has none (a client-only route, or the service worker's offline shell).
 */
export function hydratePageData(reads: Reads, doc: Document): boolean {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return false;
  reads.hydrate((JSON.parse(text) as { reads: DehydratedRead[] }).reads);
  return true;
}
