/**
 * Plurals without Intl's number formatter. Lingui formats a plural's count with Intl.NumberFormat, even
 * when the message shows no `#`, and a browser tab's first Intl number formatter loads ICU's data: 20-80
 * ms of the main thread while a page hydrates (docs/performance.md). So each compiled plural is written
 * as selects over values that `translate` (translator.ts) fills from every number it is given: the exact
 * case ("=0", compiled as the key "0"), the plural category (Intl.PluralRules, which loads no number
 * data) and the count's text for `#` (formatNumber, which writes what Intl would: intl.test.ts).
 * Vite's catalogue plugin does it at build (scripts/vite-catalogues.mjs), the server when it compiles.
 * A selectordinal, a plural with an offset or a formatted value (`{n, number}`) is refused: translate
 * (translator.ts) reads only texts, placeholders and selects, and the catalogues need nothing else.
 */

/** The values a plural written as selects reads, each named after the plural's own value (`count#count`). */
export const COUNT = '#count';
export const EXACT = '#exact';
export const CATEGORY = '#category';

/** A compiled message (Lingui's tokens) with its plurals written as selects; throws on a kind translate cannot read. */
export function pluralsAsSelects(tokens: unknown): unknown {
  if (!Array.isArray(tokens)) return tokens;
  return tokens.map((token: unknown) => {
    if (!Array.isArray(token)) return token;
    const [name, type, cases = {}] = token as [string, string | undefined, Record<string, unknown> | undefined];
    if (type === undefined) return token;
    if (type === 'select') return [name, type, Object.fromEntries(Object.entries(cases).map(([key, branch]) => [key, pluralsAsSelects(branch)]))];
    // The compiler gives every plural an `offset` key, undefined when the message sets none.
    const { offset, ...branches } = cases;
    if (type !== 'plural' || (offset !== undefined && offset !== 0)) {
      throw new Error(`{${name}, ${type}${offset ? ` offset:${String(offset)}` : ''}}: a message holds placeholders, selects and plurals without an offset (translator.ts reads no other kind)`);
    }
    const exact: Record<string, unknown> = {};
    const categories: Record<string, unknown> = {};
    for (const [key, branch] of Object.entries(branches)) {
      const counted = Array.isArray(branch) ? branch.map((part: unknown) => (part === '#' ? [name + COUNT] : part)) : branch;
      (/^-?\d/.test(key) ? exact : categories)[key] = pluralsAsSelects(counted);
    }
    const byCategory = [name + CATEGORY, 'select', categories];
    return Object.keys(exact).length ? [name + EXACT, 'select', { ...exact, other: [byCategory] }] : byCategory;
  });
}
