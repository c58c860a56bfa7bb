import { type RawBuilder, type SqlBool, sql } from 'kysely';

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

/** The UTC day (YYYY-MM-DD) of an ISO timestamp column, for per-day series. */
export function utcDay(column: string): RawBuilder<string> {
  return sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}
