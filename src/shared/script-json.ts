/**
 * A value as JSON that is safe inside a `<script type="application/json">` element: `<`, `>` and `&`
 * are escaped (no `</script>` or `<!--` can end or change it) and so are U+2028 and U+2029 (line
 * terminators to older JavaScript parsers). The page's data, the site's identity, the app shell's
 * footer and announcement, and JSON-LD are all written with it.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The element of a page the browser renders alone (not server-rendered) that carries what the app
 * shell shows around it, the footer's pages and the announcement (pages.shell): the bar is there at the
 * first render instead of pushing the screen down when its read answers.
 */
export const SHELL_DATA_ID = 'shell-data';
