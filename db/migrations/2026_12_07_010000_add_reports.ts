import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// Reports and hidden reviews (issue 49, product-decisions 7).
// - reports: one row per report of a product, a shop or a review, by a reporter (`user:{id}`, or
//   `guest:{the browser's key}`). At most one open report per reporter per thing (a partial unique
//   index). Resolving closes every open report of the thing; a thing deleted (by anyone, cascades
//   included) closes its open reports itself (row triggers), with the resolution `deleted`.
// - product_reviews and shop_reviews get `hidden_at`: a hidden review leaves the public pages and the
//   maintained ratings. The rating triggers of 2026_11_24_010100 are replaced by ones counting only
//   reviews shown (hidden_at null); the numbers are counted again from the reviews.
const targets = [
  { reviews: 'product_reviews', owner: 'products', key: 'product_id' },
  { reviews: 'shop_reviews', owner: 'shops', key: 'shop_id' },
];
/** What a report can be about, and the table whose deleted rows close them. */
const reported = [
  { type: 'product', table: 'products' },
  { type: 'shop', table: 'shops' },
  { type: 'product_review', table: 'product_reviews' },
  { type: 'shop_review', table: 'shop_reviews' },
];

const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const POSTGRES_NOW = `to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function dropRatingTriggers(db: Kysely<any>, pg: boolean): Promise<void> {
  for (const { reviews } of targets) {
    for (const trigger of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`${reviews}_stats_${trigger}`)}${pg ? sql.raw(` on ${reviews}`) : sql``}`.execute(db);
    }
    if (pg) await sql.raw(`drop function ${reviews}_stats()`).execute(db);
  }
}

/** The rating triggers; `shown` is the condition a review must meet to count (`true` before this migration). */
async function createRatingTriggers(db: Kysely<any>, pg: boolean, shown: (row: 'old' | 'new') => string, watched: string): Promise<void> {
  for (const { reviews, owner, key } of targets) {
    const minus = `update ${owner} set rating_sum = rating_sum - old.rating, review_count = review_count - 1 where id = old.${key}`;
    const plus = `update ${owner} set rating_sum = rating_sum + new.rating, review_count = review_count + 1 where id = new.${key}`;
    if (pg) {
      await sql.raw(`create function ${reviews}_stats() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and ${shown('old')} then ${minus}; end if;
          if tg_op in ('INSERT', 'UPDATE') and ${shown('new')} then ${plus}; end if;
          return null;
        end $$`).execute(db);
      for (const [trigger, event] of [
        ['insert', 'insert'],
        ['update', `update of ${watched}, ${key}`],
        ['delete', 'delete'],
      ]) {
        await sql.raw(`create trigger ${reviews}_stats_${trigger} after ${event} on ${reviews} for each row execute function ${reviews}_stats()`).execute(db);
      }
      continue;
    }
    await sql.raw(`create trigger ${reviews}_stats_insert after insert on ${reviews} when ${shown('new')} begin ${plus}; end`).execute(db);
    await sql.raw(`create trigger ${reviews}_stats_update after update of ${watched}, ${key} on ${reviews} begin
      ${minus} and ${shown('old')};
      ${plus} and ${shown('new')};
    end`).execute(db);
    await sql.raw(`create trigger ${reviews}_stats_delete after delete on ${reviews} when ${shown('old')} begin ${minus}; end`).execute(db);
  }
}

async function recount(db: Kysely<any>, shownOnly: boolean): Promise<void> {
  for (const { reviews, owner, key } of targets) {
    const where = shownOnly ? 'and r.hidden_at is null' : '';
    await sql.raw(`update ${owner} set
      rating_sum = coalesce((select sum(r.rating) from ${reviews} r where r.${key} = ${owner}.id ${where}), 0),
      review_count = (select count(*) from ${reviews} r where r.${key} = ${owner}.id ${where})`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const id = pg ? 'bigserial' : 'integer';
  const int = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('reports')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('subject_type', 'text', (c) => c.notNull().check(sql`subject_type in ('product', 'shop', 'product_review', 'shop_review')`))
    .addColumn('subject_id', int, (c) => c.notNull())
    .addColumn('reporter_key', 'text', (c) => c.notNull().check(sql`length(reporter_key) between 1 and 80`))
    .addColumn('reporter_user_id', int, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('counterfeit', 'prohibited', 'misleading', 'offensive', 'spam', 'scam', 'other')`))
    .addColumn('details', 'text', (c) => c.check(sql`length(details) <= 500`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'resolved')`))
    .addColumn('resolution', 'text', (c) => c.check(sql`resolution in ('product_hidden', 'shop_deactivated', 'review_hidden', 'dismissed', 'deleted')`))
    .addColumn('note', 'text', (c) => c.check(sql`length(note) <= 500`))
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', int, (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create unique index reports_one_open on reports (subject_type, subject_id, reporter_key) where status = 'open'`.execute(db);
  await db.schema.createIndex('reports_by_status').on('reports').columns(['status', 'subject_type', 'subject_id', 'created_at']).execute();

  for (const { type, table } of reported) {
    const close = `update reports set status = 'resolved', resolution = 'deleted', resolved_at = ${pg ? POSTGRES_NOW : SQLITE_NOW}
      where subject_type = '${type}' and subject_id = old.id and status = 'open'`;
    if (pg) {
      await sql.raw(`create function ${table}_close_reports() returns trigger language plpgsql as $$
        begin ${close}; return null; end $$`).execute(db);
      await sql.raw(`create trigger ${table}_close_reports after delete on ${table} for each row execute function ${table}_close_reports()`).execute(db);
    } else {
      await sql.raw(`create trigger ${table}_close_reports after delete on ${table} begin ${close}; end`).execute(db);
    }
  }

  for (const { reviews } of targets) {
    await db.schema.alterTable(reviews).addColumn('hidden_at', 'text').execute();
  }
  await dropRatingTriggers(db, pg);
  await createRatingTriggers(db, pg, (row) => `${row}.hidden_at is null`, 'rating, hidden_at');
  await recount(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await dropRatingTriggers(db, pg);
  for (const { reviews } of targets.toReversed()) await db.schema.alterTable(reviews).dropColumn('hidden_at').execute();
  await createRatingTriggers(db, pg, () => 'true', 'rating');
  await recount(db, false);
  for (const { table } of reported.toReversed()) {
    await sql.raw(`drop trigger ${table}_close_reports${pg ? ` on ${table}` : ''}`).execute(db);
    if (pg) await sql.raw(`drop function ${table}_close_reports()`).execute(db);
  }
  await db.schema.dropTable('reports').execute();
}
