import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * The few SQL expressions Kysely does not build itself, in one place, so a PostgreSQL deployment
 * changes only this file (product-decisions section 3, portability). Everything else is plain Kysely.
 */

/** A LIKE pattern matching `term` literally anywhere (%, _ and \ escaped), lowercased. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "column contains term" (LIKE with ESCAPE works the same in SQLite and PostgreSQL). */
export function containsText(column: string, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(term)} escape '\\'`;
}

/** The shortest term the trigram index finds anywhere in a word; shorter ones match word starts. */
const SEARCH_TRIGRAM_MIN = 3;

/**
 * Products whose name or brand match a browse search, as a table to join (`product_id`), from the
 * full-text index (migration 2026_11_24_010000): a term of 3+ characters anywhere, in any case (FTS5's
 * trigram tokenizer: what `lower(name) like '%term%'` found, now read from an index); a term of 1 or
 * 2 characters at the start of a word (a prefix index: substrings that short match nearly everything
 * and no index serves them). The term is always one quoted phrase, so quotes, `*`, `-`, `^`, `:`,
 * parentheses and words like OR or NEAR are plain text; a term with no letters or digits that short
 * matches nothing. `inShop` (a shop id, or a query of one) keeps one shop's products, in the index.
 *
 * `rank` orders the matches as the browse list orders products, newest first when descending
 * (created_at, then id, encoded in the index's rowid), so a page is read from the index in order,
 * with no sort over every match.
 */
export function productSearchMatches(term: string, inShop?: number | Expression<number>): RawBuilder<{ product_id: number; rank: number }> {
  const phrase = `"${term.replaceAll('"', '""')}"`;
  const [table, words] = [...term].length >= SEARCH_TRIGRAM_MIN ? ['products_search', phrase] : ['products_search_words', `${phrase}*`];
  const query = `{name brand} : ${words}`;
  const match = inShop ? sql`${query} || ' AND shop : "|' || coalesce(${inShop}, 0) || '|"'` : sql`${query}`;
  return sql`(select rowid as rank, product_id from ${sql.table(table)} where ${sql.table(table)} match ${match})`;
}

/** The UTC day (YYYY-MM-DD) of an ISO timestamp column, for per-day series. */
export function utcDay(column: string): RawBuilder<string> {
  return sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}
