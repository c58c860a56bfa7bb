import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// On PostgreSQL (issue 12) the same tables: 64-bit integers (SQLite's are), identity keys, and the same
// ISO 8601 text timestamps (UTC, milliseconds), so the app's queries read and compare them alike.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'bigint' : 'integer';
  const key = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const now = pg
    ? sql`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('users')
    .addColumn('id', int, key)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('users_email_check', sql`email = lower(email) and length(email) between 3 and 254`)
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('user_id', int, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_url', 'text')
    .addColumn('is_pro', int, (c) => c.notNull().defaultTo(0).check(sql`is_pro in (0, 1)`))
    .addColumn('trial_start_at', 'text')
    .addColumn('role_selected', int, (c) => c.notNull().defaultTo(0).check(sql`role_selected in (0, 1)`))
    .addColumn('ship_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ship_city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ship_postal_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'shopkeeper', 'buyer')`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role').execute();

  await db.schema
    .createTable('shops')
    .addColumn('id', int, key)
    .addColumn('owner_id', int, (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 120`))
    .addColumn('slug', 'text', (c) => c.notNull().unique().check(sql`length(slug) between 1 and 60`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('whatsapp_number', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3 and currency = upper(currency)`))
    .addColumn('tax_rate_bps', int, (c) => c.notNull().defaultTo(0).check(sql`tax_rate_bps between 0 and 10000`))
    .addColumn('profile_picture_url', 'text')
    .addColumn('cover_image_url', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('is_active', int, (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('shops_active_created_idx').on('shops').columns(['is_active', 'created_at']).execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', int, key)
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 60`))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('categories_shop_slug_unique', ['shop_id', 'slug'])
    .execute();
  await db.schema.createIndex('categories_slug_idx').on('categories').column('slug').execute();

  await db.schema
    .createTable('products')
    .addColumn('id', int, key)
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('category_id', int, (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 200`))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('selling_price', int, (c) => c.notNull().check(sql`selling_price >= 0`))
    .addColumn('purchase_price', int, (c) => c.check(sql`purchase_price is null or purchase_price >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3 and currency = upper(currency)`))
    .addColumn('stock_amount', int, (c) => c.notNull().defaultTo(0).check(sql`stock_amount >= 0`))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo('pieces').check(sql`unit in ('pieces', 'kg', 'liters', 'meters')`))
    .addColumn('colors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sizes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('custom_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('manufacturing_date', 'text')
    .addColumn('expiry_date', 'text')
    .addColumn('discount_type', 'text', (c) => c.check(sql`discount_type is null or discount_type in ('percent', 'fixed')`))
    .addColumn('discount_value', int, (c) => c.check(sql`discount_value is null or discount_value >= 0`))
    .addColumn('is_active', int, (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('products_percent_check', pg ? sql`discount_type is distinct from 'percent' or discount_value <= 100` : sql`discount_type is not 'percent' or discount_value <= 100`)
    .execute();
  await db.schema.createIndex('products_shop_created_idx').on('products').columns(['shop_id', 'created_at']).execute();
  await db.schema.createIndex('products_active_created_idx').on('products').columns(['is_active', 'created_at']).execute();
  await db.schema.createIndex('products_category_idx').on('products').column('category_id').execute();

  await db.schema
    .createTable('product_images')
    .addColumn('id', int, key)
    .addColumn('product_id', int, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('thumb_url', 'text', (c) => c.notNull())
    .addColumn('position', int, (c) => c.notNull().check(sql`position between 0 and 3`))
    .addColumn('is_primary', int, (c) => c.notNull().defaultTo(0).check(sql`is_primary in (0, 1)`))
    .addUniqueConstraint('product_images_position_unique', ['product_id', 'position'])
    .execute();

  for (const [table, target] of [
    ['product_reviews', 'product'],
    ['shop_reviews', 'shop'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', int, key)
      .addColumn(`${target}_id`, int, (c) => c.notNull().references(`${target}s.id`).onDelete('cascade'))
      .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rating', int, (c) => c.notNull().check(sql`rating between 1 and 5`))
      .addColumn('comment', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint(`${table}_one_per_user`, [`${target}_id`, 'user_id'])
      .execute();
  }

  await db.schema
    .createTable('orders')
    .addColumn('id', int, key)
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', int, (c) => c.references('users.id').onDelete('set null'))
    // Orders outlive their shop: the snapshot columns keep them readable after a shop is deleted.
    .addColumn('shop_id', int, (c) => c.references('shops.id').onDelete('set null'))
    .addColumn('shop_name', 'text', (c) => c.notNull())
    .addColumn('shop_whatsapp', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text', (c) => c.notNull())
    .addColumn('buyer_phone', 'text', (c) => c.notNull())
    .addColumn('ship_address', 'text', (c) => c.notNull())
    .addColumn('ship_city', 'text', (c) => c.notNull())
    .addColumn('ship_postal_code', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subtotal', int, (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn('tax', int, (c) => c.notNull().defaultTo(0).check(sql`tax >= 0`))
    .addColumn('total', int, (c) => c.notNull().check(sql`total >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')`),
    )
    .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('cod').check(sql`payment_method in ('cod')`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('orders_buyer_created_idx').on('orders').columns(['buyer_id', 'created_at']).execute();
  await db.schema.createIndex('orders_shop_created_idx').on('orders').columns(['shop_id', 'created_at']).execute();
  await db.schema
    .createIndex('orders_guest_email_idx')
    .on('orders')
    .columns(['buyer_email', 'created_at'])
    .where(sql.ref('buyer_id'), 'is', null)
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', int, key)
    .addColumn('order_id', int, (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', int, (c) => c.references('products.id').onDelete('set null'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('color', 'text')
    .addColumn('size', 'text')
    .addColumn('unit_price', int, (c) => c.notNull().check(sql`unit_price >= 0`))
    .addColumn('quantity', int, (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('line_total', int, (c) => c.notNull().check(sql`line_total >= 0`))
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_product_idx').on('order_items').column('product_id').execute();

  await db.schema
    .createTable('order_status_events')
    .addColumn('id', int, key)
    .addColumn('order_id', int, (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')`),
    )
    .addColumn('actor_id', int, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('order_status_events_order_idx').on('order_status_events').column('order_id').execute();

  await db.schema
    .createTable('order_number_sequences')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('last_value', int, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sliders')
    .addColumn('id', int, key)
    .addColumn('title', 'text')
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('is_active', int, (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
    .addColumn('display_order', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sliders_active_order_idx').on('sliders').columns(['is_active', 'display_order']).execute();

  // Every stored upload, so a form can only reference files its own user uploaded, and orphans can be removed.
  await db.schema
    .createTable('uploads')
    .addColumn('id', int, key)
    .addColumn('owner_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('thumb_url', 'text', (c) => c.notNull())
    .addColumn('width', int, (c) => c.notNull())
    .addColumn('height', int, (c) => c.notNull())
    .addColumn('bytes', int, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('uploads_owner_idx').on('uploads').column('owner_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'uploads',
    'sliders',
    'order_number_sequences',
    'order_status_events',
    'order_items',
    'orders',
    'shop_reviews',
    'product_reviews',
    'product_images',
    'products',
    'categories',
    'shops',
    'user_roles',
    'profiles',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
