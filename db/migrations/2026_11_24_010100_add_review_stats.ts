import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Each product's and shop's ratings kept beside it (issue 11): the sum of its reviews' ratings and
// their count, so a product card, the product page, the shops list and a storefront read an average
// without aggregating reviews per request. Triggers keep both in the statement that writes a review:
// a new review, a changed rating, and a deleted review, including those a cascade deletes (a product,
// a shop or a user going away). Sums rather than averages, so the numbers stay exact.
const targets = [
  { reviews: 'product_reviews', owner: 'products', key: 'product_id' },
  { reviews: 'shop_reviews', owner: 'shops', key: 'shop_id' },
];

// On PostgreSQL (issue 12): 64-bit integers, and one PL/pgSQL function per reviews table behind the
// same three triggers.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function createPostgresTriggers(db: Kysely<any>, { reviews, owner, key }: (typeof targets)[number]): Promise<void> {
  await sql.raw(`create function ${reviews}_stats() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update ${owner} set rating_sum = rating_sum - old.rating, review_count = review_count - 1 where id = old.${key};
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update ${owner} set rating_sum = rating_sum + new.rating, review_count = review_count + 1 where id = new.${key};
      end if;
      return null;
    end $$`).execute(db);
  for (const [trigger, event] of [
    ['insert', 'insert'],
    ['update', `update of rating, ${key}`],
    ['delete', 'delete'],
  ]) {
    await sql.raw(`create trigger ${reviews}_stats_${trigger} after ${event} on ${reviews} for each row execute function ${reviews}_stats()`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const target of targets) {
    const { reviews, owner, key } = target;
    for (const column of ['rating_sum', 'review_count']) {
      await db.schema.alterTable(owner).addColumn(column, pg ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0)).execute();
    }
    const r = sql.table(reviews);
    const o = sql.table(owner);
    const k = sql.raw(key);
    await sql`update ${o} set
      rating_sum = coalesce((select sum(rating) from ${r} where ${r}.${k} = ${o}.id), 0),
      review_count = (select count(*) from ${r} where ${r}.${k} = ${o}.id)`.execute(db);
    if (pg) {
      await createPostgresTriggers(db, target);
      continue;
    }
    await sql`create trigger ${sql.raw(`${reviews}_stats_insert`)} after insert on ${r} begin
      update ${o} set rating_sum = rating_sum + new.rating, review_count = review_count + 1 where id = new.${k};
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${reviews}_stats_update`)} after update of rating, ${k} on ${r} begin
      update ${o} set rating_sum = rating_sum - old.rating, review_count = review_count - 1 where id = old.${k};
      update ${o} set rating_sum = rating_sum + new.rating, review_count = review_count + 1 where id = new.${k};
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${reviews}_stats_delete`)} after delete on ${r} begin
      update ${o} set rating_sum = rating_sum - old.rating, review_count = review_count - 1 where id = old.${k};
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const { reviews, owner } of targets.toReversed()) {
    for (const trigger of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`${reviews}_stats_${trigger}`)}${pg ? sql.raw(` on ${reviews}`) : sql``}`.execute(db);
    }
    if (pg) await sql.raw(`drop function ${reviews}_stats()`).execute(db);
    for (const column of ['review_count', 'rating_sum']) await db.schema.alterTable(owner).dropColumn(column).execute();
  }
}
