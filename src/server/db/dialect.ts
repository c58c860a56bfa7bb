import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type DB, engineOf } from './client';

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

/** The shortest term the trigram index finds: one trigram. */
const SEARCH_TRIGRAM_MIN = 3;

/**
 * Products whose name or brand contain a browse search, in any case, as a table to join
 * (`product_id`), from the full-text index (migration 2026_11_24_010000, FTS5's trigram tokenizer):
 * what `lower(name) like '%term%'` found, read from an index. A term of 3+ characters is one quoted
 * phrase, so quotes, `*`, `-`, `^`, `:`, parentheses and words like OR or NEAR are plain text. A term
 * of 1 or 2 characters has no trigram: it is the same LIKE, walked over the index's rows in list order
 * (no sort), which stops once a page is found (short terms match many products). `inShop` (a shop
 * id, or a query of one) keeps one shop's products, in the index.
 *
 * `rank` orders the matches as the browse list orders products, newest first when descending
 * (created_at, then id, encoded in the index's rowid), so a page is read from the index in order,
 * with no sort over every match.
 */
export function productSearchMatches(
  db: DB,
  term: string,
  inShop?: number | Expression<number>,
): RawBuilder<{ product_id: number; rank: number }> {
  if (engineOf(db) === 'postgres') return postgresProductSearchMatches(term, inShop);
  const shop = sql`'|' || coalesce(${inShop ?? null}, 0) || '|'`;
  if ([...term].length < SEARCH_TRIGRAM_MIN) {
    const pattern = containsPattern(term);
    const inTheShop = inShop === undefined ? sql`` : sql` and shop = ${shop}`;
    return sql`(select rowid as rank, product_id from products_search
      where (name like ${pattern} escape '\\' or brand like ${pattern} escape '\\')${inTheShop})`;
  }
  const query = `{name brand} : "${term.replaceAll('"', '""')}"`;
  const match = inShop === undefined ? sql`${query}` : sql`${query} || ' AND shop : "' || ${shop} || '"'`;
  return sql`(select rowid as rank, product_id from products_search where products_search match ${match})`;
}

/**
 * On PostgreSQL there is no search table: the same LIKE on `lower(name)` and `lower(brand)`, which the
 * trigram GIN indexes serve for 3+ characters (migration 2026_11_24_010000); a shorter term is the same
 * LIKE over the products. `rank` numbers the matches in list order (created_at, then id).
 */
function postgresProductSearchMatches(term: string, inShop?: number | Expression<number>): RawBuilder<{ product_id: number; rank: number }> {
  const pattern = containsPattern(term);
  const inTheShop = inShop === undefined ? sql`` : sql` and shop_id = ${inShop}`;
  return sql`(select id as product_id, row_number() over (order by created_at, id) as rank from products
    where (lower(name) like ${pattern} escape '\\' or lower(brand) like ${pattern} escape '\\')${inTheShop})`;
}

/** The UTC day (YYYY-MM-DD) of an ISO timestamp column, for per-day series. */
export function utcDay(column: string): RawBuilder<string> {
  return sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/**
 * An integer column times `factor` (a power of ten, maybe below 1), rounded to an integer. On
 * PostgreSQL the factor is a numeric (a bigint parameter would drop its fraction) and the result a bigint.
 */
export function scaledInteger(db: DB, column: string, factor: number): RawBuilder<number> {
  if (engineOf(db) === 'postgres') return sql<number>`cast(round(${sql.ref(column)} * cast(${String(factor)} as numeric)) as bigint)`;
  return sql<number>`cast(round(${sql.ref(column)} * ${factor}) as integer)`;
}

/**
 * `query` locking the rows it reads until the transaction ends (FOR UPDATE) on PostgreSQL, where
 * transactions run side by side: a second transaction locking one of them waits for the first to
 * end. Unchanged on SQLite, which has no FOR UPDATE: its transactions hold the one write lock from
 * their start (client.ts).
 */
export function lockingRows<Q extends { forUpdate(): Q }>(db: DB, query: Q): Q {
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
}

/**
 * `query` taking the rows no other transaction holds and locking them (FOR UPDATE SKIP LOCKED) on
 * PostgreSQL: instances working through one queue (the outbox) each take different rows, none waits.
 * Unchanged on SQLite, where one process works through it.
 */
export function claimingRows<Q extends { forUpdate(): Q; skipLocked(): Q }>(db: DB, query: Q): Q {
  return engineOf(db) === 'postgres' ? query.forUpdate().skipLocked() : query;
}
