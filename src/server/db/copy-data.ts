import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { analyze, type DB } from './client';
import { migrateToLatest, pendingMigrations } from './migrate';
import type { Database } from './schema';

// Moving a single-box install onto PostgreSQL (issue 12): every app table of the SQLite file copied
// into an empty PostgreSQL database, ids kept. A whole-database tool like migrate.ts, so its generic
// SQL (over every table, by name) lives here rather than in a domain's repository.
//
// One PostgreSQL transaction holds the whole copy and its checks: a failure or a mismatch rolls back
// to the empty (migrated) database, and the operator runs it again. The source is read in one SQLite
// read transaction, so it is one snapshot even if the server is still running (stop it first anyway:
// what it writes after the snapshot is not copied).
//
// Values go across unchanged: the migrations' PostgreSQL branch keeps SQLite's types (booleans as 0/1
// bigints, timestamps as ISO 8601 text), so no column needs converting.

/** A refusal or a failed check, with a message for the operator. */
export class CopyDataError extends Error {
  constructor(
    message: string,
    readonly counts: TableCount[] = [],
  ) {
    super(message);
  }
}

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

// SQLite only: the FTS5 search table and its shadow tables (PostgreSQL's search index is built by its
// own migration), SQLite's own tables, and the migrator's bookkeeping (each side has its own).
const SKIPPED = /^(products_search|sqlite_|kysely_migration)/;

// Kept by triggers from the base tables (migrations 2026_11_24_010100, 2026_11_24_040000 and 2026_11_26_010000). They are
// copied as they are, with the triggers off during the copy (else every copied review and order would
// count twice), then checked against the aggregate they stand for, rebuilt from scratch.
const DERIVED_CHECKS: Record<string, string> = {
  'products.rating_sum/review_count': `select count(*) as n from products p where p.rating_sum <> coalesce((select sum(r.rating) from product_reviews r where r.product_id = p.id), 0)
    or p.review_count <> (select count(*) from product_reviews r where r.product_id = p.id)`,
  'shops.rating_sum/review_count': `select count(*) as n from shops s where s.rating_sum <> coalesce((select sum(r.rating) from shop_reviews r where r.shop_id = s.id), 0)
    or s.review_count <> (select count(*) from shop_reviews r where r.shop_id = s.id)`,
  'products.stock_amount (per variant)': `select count(*) as n from products p where p.stock_mode = 'per_variant'
    and p.stock_amount <> coalesce((select sum(v.stock) from product_variants v where v.product_id = p.id), 0)`,
  shop_order_totals: symmetricDifference(
    'select shop_id, currency, status, order_count, order_total from shop_order_totals',
    'select shop_id, currency, status, count(*), sum(total) from orders where shop_id is not null group by shop_id, currency, status',
  ),
  shop_order_days: symmetricDifference(
    'select shop_id, day, currency, status, order_count, order_total from shop_order_days',
    `select shop_id, substr(created_at, 1, 10), currency, status, count(*), sum(total) from orders where shop_id is not null
       group by shop_id, substr(created_at, 1, 10), currency, status`,
  ),
  row_counts: symmetricDifference(
    'select table_name, row_count from row_counts',
    `select 'shops', count(*) from shops union all select 'products', count(*) from products union all select 'profiles', count(*) from profiles`,
  ),
};

function symmetricDifference(a: string, b: string): string {
  return `select count(*) as n from (((${a}) except all (${b})) union all ((${b}) except all (${a}))) d`;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface SourceTable {
  name: string;
  columns: string[];
  /** Tables its foreign keys point at (itself excluded). */
  dependsOn: string[];
}

/** Opens the SQLite file read-only and checks it is a database at the latest migration. */
async function openSource(file: string): Promise<SQLite.Database> {
  if (!fs.existsSync(file)) throw new CopyDataError(`${file} does not exist: --from takes the SQLite database file (DATABASE_PATH).`);
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    sqlite.prepare('select count(*) from sqlite_master').get();
  } catch (error) {
    sqlite.close();
    throw new CopyDataError(`${file} is not a SQLite database (${error instanceof Error ? error.message : String(error)}).`);
  }
  // A Kysely over the same connection, only to ask the migrator (it reads; nothing is created).
  const reader = new Kysely<Database>({ dialect: new SqliteDialect({ database: { close: () => {}, prepare: (text) => sqlite.prepare(text) } }) });
  const pending = await pendingMigrations(reader);
  await reader.destroy();
  if (pending.length > 0) {
    sqlite.close();
    throw new CopyDataError(
      `${file} is not at the latest schema (${pending.length} migrations not applied, from ${pending[0]}). ` +
        `Start this version of the app once on it (DATABASE_PATH=${file} npm start) so it migrates the file, stop it, then run this again.`,
    );
  }
  return sqlite;
}

function readTables(sqlite: SQLite.Database): SourceTable[] {
  const names = sqlite
    .prepare("select name from sqlite_master where type = 'table' order by name")
    .pluck()
    .all()
    .map(String)
    .filter((name) => !SKIPPED.test(name));
  return names.map((name) => ({
    name,
    columns: (sqlite.prepare(`pragma table_info(${quote(name)})`).all() as Array<{ name: string }>).map((c) => c.name),
    dependsOn: [...new Set((sqlite.prepare(`pragma foreign_key_list(${quote(name)})`).all() as Array<{ table: string }>).map((fk) => fk.table))].filter((t) => t !== name),
  }));
}

/** Parents before children, so each row's foreign keys point at rows already copied. */
function foreignKeyOrder(tables: SourceTable[]): SourceTable[] {
  const ordered: SourceTable[] = [];
  const done = new Set<string>();
  let left = tables;
  while (left.length > 0) {
    const ready = left.filter((t) => t.dependsOn.every((d) => done.has(d)));
    if (ready.length === 0) throw new CopyDataError(`The foreign keys of ${left.map((t) => t.name).join(', ')} form a cycle: no order copies them.`);
    for (const t of ready) {
      ordered.push(t);
      done.add(t.name);
    }
    left = left.filter((t) => !done.has(t.name));
  }
  return ordered;
}

async function rows<T>(db: DB, query: string): Promise<T[]> {
  return (await sql.raw<T>(query).execute(db)).rows;
}

/** The app tables PostgreSQL holds, each with its columns. */
async function targetColumns(db: DB): Promise<Map<string, string[]>> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    db,
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
     where c.table_schema = current_schema() order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const c of columns) if (!SKIPPED.test(c.table_name)) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c.column_name]);
  return tables;
}

/**
 * Refuses a target holding any row; what an empty migrated database holds is aside: row_counts' zero
 * counts, and the marketplace pages' starter drafts (migration 2026_12_05_010000: only an admin edits a
 * page, so a database with pages of its own has accounts too, and is refused for them).
 */
async function requireEmptyTarget(db: DB): Promise<void> {
  const held: string[] = [];
  for (const table of (await targetColumns(db)).keys()) {
    if (table === 'pages') continue;
    const where = table === 'row_counts' ? ' where row_count <> 0' : '';
    const [found] = await rows<{ n: number }>(db, `select count(*) as n from ${quote(table)}${where}`);
    if (found && found.n > 0) held.push(`${table}: ${found.n}`);
  }
  if (held.length > 0) {
    throw new CopyDataError(
      `The PostgreSQL database already holds data (${held.join(', ')} rows). migrate-data copies into an empty database only, ` +
        `so it never mixes two shops: create a new database (createdb) and pass its URL.`,
    );
  }
}

export interface CopyOptions {
  /** The SQLite database file. */
  from: string;
  /** The PostgreSQL database: migrated here to the latest schema, and filled if it holds no rows. */
  to: DB;
  /** Rows per insert statement (at most; PostgreSQL takes 65,535 parameters per statement). */
  batchSize?: number;
  onTable?: (table: string, rows: number) => void;
}

/** Copies every app table of a SQLite file into an empty PostgreSQL database; returns the counts it verified. */
export async function copySqliteToPostgres({ from, to, batchSize = 1000, onTable }: CopyOptions): Promise<TableCount[]> {
  const sqlite = await openSource(from);
  try {
    try {
      await sql`select 1`.execute(to);
    } catch (error) {
      throw new CopyDataError(`Cannot reach the PostgreSQL database in --to: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Checked before migrating, so a refused database is left as it was.
    await requireEmptyTarget(to);
    await migrateToLatest(to);

    const target = await targetColumns(to);
    sqlite.exec('begin');
    const tables = foreignKeyOrder(readTables(sqlite));
    const names = (list: Iterable<string>) => [...list].toSorted().join(', ');
    if (names(tables.map((t) => t.name)) !== names(target.keys())) {
      throw new CopyDataError(`The two databases hold different tables: SQLite ${names(tables.map((t) => t.name))}; PostgreSQL ${names(target.keys())}.`);
    }
    for (const table of tables) {
      if (names(table.columns) !== names(target.get(table.name) ?? [])) {
        throw new CopyDataError(`${table.name} has different columns: SQLite ${names(table.columns)}; PostgreSQL ${names(target.get(table.name) ?? [])}.`);
      }
    }

    const copied = await to.transaction().execute(async (trx) => {
      for (const table of tables) await sql.raw(`alter table ${quote(table.name)} disable trigger user`).execute(trx);
      // The migrations' zero counts and starter pages: replaced by the copied ones.
      await sql`delete from row_counts`.execute(trx);
      await sql`delete from pages`.execute(trx);
      const counts: TableCount[] = [];
      for (const table of tables) {
        const list = table.columns.map(quote).join(', ');
        const perBatch = Math.max(1, Math.min(batchSize, Math.floor(60_000 / table.columns.length)));
        let batch: unknown[][] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const values = sql.join(batch.map((row) => sql`(${sql.join(row)})`));
          await sql`insert into ${sql.raw(quote(table.name))} (${sql.raw(list)}) values ${values}`.execute(trx);
          batch = [];
        };
        for (const row of sqlite.prepare(`select ${list} from ${quote(table.name)}`).raw().iterate() as Iterable<unknown[]>) {
          batch.push(row);
          if (batch.length >= perBatch) await flush();
        }
        await flush();
        const source = Number(sqlite.prepare(`select count(*) from ${quote(table.name)}`).pluck().get());
        const [copied] = await rows<{ n: number }>(trx, `select count(*) as n from ${quote(table.name)}`);
        counts.push({ table: table.name, source, target: copied?.n ?? 0 });
        onTable?.(table.name, source);
      }
      for (const table of tables) await sql.raw(`alter table ${quote(table.name)} enable trigger user`).execute(trx);

      // Identity keys continue after the copied ids (a copied id was given explicitly, so the sequence
      // did not move): the next insert gets max(id) + 1.
      const keys = await rows<{ table_name: string; column_name: string }>(
        trx,
        `select table_name, column_name from information_schema.columns
         where table_schema = current_schema() and (is_identity = 'YES' or column_default like 'nextval(%')`,
      );
      for (const { table_name: table, column_name: column } of keys) {
        await sql.raw(`select setval(pg_get_serial_sequence('${quote(table)}', '${column}'), coalesce(max(${quote(column)}), 0) + 1, false) from ${quote(table)}`).execute(trx);
      }

      // Order numbers (migration 2026_11_28_010000): SQLite's rows count each day's orders, PostgreSQL's
      // hold the counter's value before the day's first order. The counter starts past the largest
      // count, so each day's numbering goes on where SQLite left it.
      await sql`select setval('order_number_counter', (select greatest(1, coalesce(max(last_value), 1)) from order_number_sequences))`.execute(trx);
      await sql`update order_number_sequences set last_value = (select c.last_value from order_number_counter c) - last_value`.execute(trx);

      const mismatched = counts.filter((c) => c.source !== c.target).map((c) => `${c.table} (${c.source} in SQLite, ${c.target} copied)`);
      for (const [what, query] of Object.entries(DERIVED_CHECKS)) {
        const [wrong] = await rows<{ n: number }>(trx, query);
        if (wrong && wrong.n > 0) mismatched.push(`${what} (${wrong.n} rows differ from the aggregate of the copied rows)`);
      }
      if (mismatched.length > 0) {
        throw new CopyDataError(`The copy does not match its source: ${mismatched.join('; ')}. Nothing was committed.`, counts);
      }
      return counts;
    });
    // The planner's statistics, which a bulk load leaves empty until autovacuum gets to them: without
    // them a search for a common word ran 8 s instead of 20 ms on the large seed.
    await analyze(to);
    return copied;
  } finally {
    if (sqlite.inTransaction) sqlite.exec('commit');
    sqlite.close();
  }
}
