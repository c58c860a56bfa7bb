import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The product search index (issue 11): SQLite FTS5 over each product's name and brand, with the
// trigram tokenizer, so a term of 3+ characters matches anywhere in a word, in any case, as the
// `lower(name) like '%term%'` it replaces did (shorter terms are a LIKE over the same rows; see
// src/server/db/dialect.ts). Kept in step with `products` by triggers, so a write is searchable in its
// own transaction. Each row also holds its shop as a token (`|42|`), so a search within one shop
// intersects two lists of the index instead of reading every match of the term.
//
// Each row's rowid is not the product id but a key that sorts as the browse list does (newest first:
// created_at, then id): the created_at instant in milliseconds, times 2^21, plus the id modulo 2^21.
// FTS5 walks its matches in rowid order, so a search page reads its first rows from the index with no
// sort over every match. created_at is written once, at creation, as an ISO instant with milliseconds;
// the key fits in 64 bits until the year 2109, and two products share one only if they were created
// in the same millisecond with ids 2,097,152 apart.
const shopToken = (row: 'new' | 'products') => sql`'|' || ${row === 'products' ? sql.ref('shop_id') : sql.raw('new.shop_id')} || '|'`;

const listKey = (row: 'new' | 'old' | 'products') => {
  const at = row === 'products' ? sql.ref('created_at') : sql.raw(`${row}.created_at`);
  const id = row === 'products' ? sql.ref('id') : sql.raw(`${row}.id`);
  return sql`((unixepoch(${at}) * 1000 + cast(substr(strftime('%f', ${at}), 4, 3) as integer)) * 2097152 + ${id} % 2097152)`;
};

const tables = [{ name: 'products_search', tokenize: `tokenize = 'trigram'` }];

// On PostgreSQL (issue 12) there is no search table: trigram GIN indexes (the pg_trgm extension) on
// lower(name) and lower(brand) serve the same match anywhere in a word, in any case (`lower(name) like
// '%term%'`, 3+ characters), straight from `products`, which a write keeps in step by itself.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
const trigramIndexes = [
  { name: 'products_name_trgm_idx', column: 'name' },
  { name: 'products_brand_trgm_idx', column: 'brand' },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const { name, column } of trigramIndexes) {
      await sql`create index ${sql.raw(name)} on products using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(db);
    }
    return;
  }
  for (const { name, tokenize } of tables) {
    const table = sql.table(name);
    await sql`create virtual table ${table} using fts5(name, brand, shop, product_id unindexed, ${sql.raw(tokenize)})`.execute(db);
    await sql`insert into ${table} (rowid, name, brand, shop, product_id)
      select ${listKey('products')}, name, brand, ${shopToken('products')}, id from products`.execute(db);
    await sql`create trigger ${sql.raw(`${name}_insert`)} after insert on products begin
      insert into ${table} (rowid, name, brand, shop, product_id) values (${listKey('new')}, new.name, new.brand, ${shopToken('new')}, new.id);
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${name}_update`)} after update of name, brand, shop_id, created_at on products begin
      delete from ${table} where rowid = ${listKey('old')};
      insert into ${table} (rowid, name, brand, shop, product_id) values (${listKey('new')}, new.name, new.brand, ${shopToken('new')}, new.id);
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${name}_delete`)} after delete on products begin
      delete from ${table} where rowid = ${listKey('old')};
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // The extension stays: other databases' objects may use it, and it holds no data.
    for (const { name } of trigramIndexes.toReversed()) await db.schema.dropIndex(name).execute();
    return;
  }
  for (const { name } of tables.toReversed()) {
    for (const trigger of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.raw(`${name}_${trigger}`)}`.execute(db);
    await sql`drop table ${sql.table(name)}`.execute(db);
  }
}
