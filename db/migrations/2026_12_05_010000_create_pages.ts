import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The marketplace's own pages (issue 47, product-decisions 7): About us, Terms, Privacy... written in
// Markdown at /admin/pages, each with an optional Urdu title and text, served at /p/{address} once
// published. This migration also writes six drafts with plain starter text, on a new install and on
// an existing one alike; they stay drafts (404) until the operator publishes them. The rendered HTML is
// not kept: it is made (and sanitized) from the Markdown when read, so a stricter sanitizer needs no
// migration. On PostgreSQL its writes notify the channel the public cache listens to (migration
// 2026_11_25_010000's function), so every instance forgets pages and footers showing the old text.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const STARTERS: ReadonlyArray<{ address: string; title: string; text: string }> = [
  {
    address: 'about',
    title: 'About us',
    text: '## Who we are\n\nWrite here who runs this marketplace, which city or community it serves, and why.\n\n## How it works\n\n- Shops list their products here.\n- You order from one or more shops and pay in cash when the parcel arrives.\n- Each shop packs and sends its own part of your order.',
  },
  {
    address: 'terms',
    title: 'Terms of service',
    text: '## Using this marketplace\n\nWrite here the rules for buyers and shops: who may sell, what may not be sold, and what happens when a rule is broken.\n\n## Orders and payment\n\nOrders are paid in cash on delivery. Prices are those shown when the order is placed.\n\n## Contact\n\nQuestions about these terms: see the Contact page.',
  },
  {
    address: 'privacy',
    title: 'Privacy policy',
    text: '## What we keep\n\nWrite here what this marketplace keeps about buyers and shops: names, phone numbers and delivery addresses for orders, email addresses for accounts.\n\n## Why\n\nTo deliver orders, to let shops reach their buyers, and to keep accounts safe.\n\n## Your choices\n\nWrite here how a person asks to see or remove their data.',
  },
  {
    address: 'returns',
    title: 'Returns and refunds',
    text: '## Returns\n\nWrite here what a buyer may return, within how many days, and who pays the return delivery.\n\nEach shop may add its own returns terms on its products.\n\n## Refunds\n\nWrite here how and when a buyer gets their money back for a returned order.',
  },
  {
    address: 'delivery',
    title: 'Delivery',
    text: '## Where we deliver\n\nWrite here the cities and areas shops deliver to.\n\n## How long it takes\n\nWrite here the usual delivery times. Each shop shows its own delivery fee at checkout.\n\n## Paying\n\nPay the courier in cash when the parcel arrives.',
  },
  {
    address: 'contact',
    title: 'Contact',
    text: '## Reach us\n\nWrite here how buyers and shops reach the marketplace: a WhatsApp number, an email address, the hours someone answers.\n\nFor a question about an order, contact the shop first: its number is on your order.',
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const int = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('pages')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // The address (/p/{address}): lowercase letters, digits and inner hyphens, as the form's rule says.
    .addColumn('address', 'text', (c) => c.notNull().unique().check(sql`length(address) between 1 and 60 and address = lower(address)`))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(trim(title)) between 1 and 120`))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`length(text) <= 50000`))
    .addColumn('title_ur', 'text', (c) => c.notNull().defaultTo('').check(sql`length(title_ur) <= 120`))
    .addColumn('text_ur', 'text', (c) => c.notNull().defaultTo('').check(sql`length(text_ur) <= 50000`))
    .addColumn('show_in_footer', int, (c) => c.notNull().defaultTo(0).check(sql`show_in_footer in (0, 1)`))
    .addColumn('published', int, (c) => c.notNull().defaultTo(0).check(sql`published in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The footer and the sitemap read the published pages, in the order they were made.
  await db.schema.createIndex('pages_published').on('pages').columns(['published', 'id']).execute();
  if (postgres) {
    await sql`create trigger pages_public_data_changed after insert or update or delete or truncate on pages
      for each statement execute function public_data_changed()`.execute(db);
  }
  const now = new Date().toISOString();
  await db
    .insertInto('pages')
    .values(STARTERS.map((page) => ({ ...page, show_in_footer: 1, published: 0, created_at: now, updated_at: now })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pages').execute();
}
