import type { DB } from '../db/client';
import { containsText, productSearchMatches } from '../db/dialect';
import { PRODUCT_CARD_COLUMNS, primaryImage } from '../db/product-image';
import { productIsListed, productIsPublic, productTakenDown, productVisibleTo, shopIsPublic, shopTakenDown, shopVisibleTo, type Viewer } from './visibility';

/**
 * Public reads for buyers and guests: only public products of public shops (the rule is in
 * visibility.ts). A product page or a storefront stays visible to its shop's owner and to admins
 * while hidden (product-decisions 2.10). Ratings are read from the sums and counts kept beside each
 * product and shop (`rating_sum`, `review_count`), never aggregated from reviews here.
 */

export interface ProductListFilter {
  search?: string;
  categorySlug?: string;
  categoryId?: number | null;
  shopSlug?: string;
  shopId?: number;
  /** The storefront of a hidden shop, seen by its owner or an admin: its listed products. */
  includeHiddenShop?: boolean;
  offset: number;
  limit: number;
}

/**
 * Product cards, newest first, one more than asked so the caller knows whether more exist. A search
 * reads its matches from the full-text index, in the same order (dialect.ts).
 */
export async function listActiveProducts(db: DB, filter: ProductListFilter) {
  let query = db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .where((eb) => (filter.includeHiddenShop ? productIsListed(eb) : productIsPublic(eb)));
  if (filter.categorySlug) {
    const slug = filter.categorySlug;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('categories as c').select('c.id').whereRef('c.id', '=', 'p.category_id').where('c.slug', '=', slug)),
    );
  }
  if (filter.categoryId) query = query.where('p.category_id', '=', filter.categoryId);
  if (filter.shopSlug) query = query.where('s.slug', '=', filter.shopSlug);
  if (filter.shopId) query = query.where('s.id', '=', filter.shopId);
  const search = filter.search ?? '';
  const inShop = filter.shopSlug ? db.selectFrom('shops').select('id').where('slug', '=', filter.shopSlug).$asScalar() : filter.shopId;
  return query
    .select([
      ...PRODUCT_CARD_COLUMNS,
      's.rating_sum as shop_rating_sum',
      's.review_count as shop_review_count',
    ])
    .select((eb) => [primaryImage(eb, 'url'), primaryImage(eb, 'thumb_url')])
    .$if(Boolean(search), (qb) =>
      qb.innerJoin(productSearchMatches(db, search, inShop).as('m'), (join) => join.onRef('m.product_id', '=', 'p.id')).orderBy('m.rank', 'desc'),
    )
    .$if(!search, (qb) => qb.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc'))
    .limit(filter.limit + 1)
    .offset(filter.offset)
    .execute();
}

/** The category strip: categories of public shops that hold public products, grouped by slug. */
export async function listBrowseCategories(db: DB) {
  return db
    .selectFrom('categories as c')
    .innerJoin('shops as s', 's.id', 'c.shop_id')
    .where(shopIsPublic)
    .where((eb) =>
      eb.exists(eb.selectFrom('products as p').select('p.id').whereRef('p.category_id', '=', 'c.id').where(productIsListed)),
    )
    .select((eb) => ['c.slug', eb.fn.min('c.name').as('name'), eb.fn.max('c.icon_url').as('icon_url')])
    .groupBy('c.slug')
    .orderBy('name')
    .limit(100)
    .execute();
}

/** Public shops for the shop filter dropdown (name order). */
export async function listShopOptions(db: DB) {
  return db.selectFrom('shops as s').select(['s.id', 's.slug', 's.name']).where(shopIsPublic).orderBy('s.name').limit(500).execute();
}

export async function findProductBySlug(db: DB, slug: string, viewer: Viewer) {
  return db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .where('p.slug', '=', slug)
    .where((eb) => productVisibleTo(eb, viewer))
    .select((eb) => productIsPublic(eb).as('is_public'))
    .select((eb) => productTakenDown(eb).as('taken_down'))
    .select([
      'p.id',
      'p.slug',
      'p.name',
      'p.brand',
      'p.description_html',
      'p.selling_price',
      'p.currency',
      'p.discount_type',
      'p.discount_value',
      'p.stock_amount',
      'p.stock_mode',
      'p.unit',
      'p.colors',
      'p.sizes',
      'p.custom_fields',
      'p.manufacturing_date',
      'p.expiry_date',
      'c.name as category_name',
      's.id as shop_id',
      's.name as shop_name',
      's.slug as shop_slug',
      's.logo_url',
      's.profile_picture_url',
      's.cover_image_url',
      's.returns_policy',
      's.delivery_time',
      'p.rating_sum',
      'p.review_count',
      's.rating_sum as shop_rating_sum',
      's.review_count as shop_review_count',
    ])
    .executeTakeFirst();
}

/** Shop cards with their ratings' sum and count. */
export async function listActiveShops(db: DB, filter: { search: string; offset: number; limit: number }) {
  let query = db.selectFrom('shops as s').where(shopIsPublic);
  if (filter.search) {
    const search = filter.search;
    query = query.where((eb) => eb.or([containsText('s.name', search), containsText('s.description', search)]));
  }
  return query
    .select([
      's.id',
      's.slug',
      's.name',
      's.description',
      's.cover_image_url',
      's.profile_picture_url',
      's.logo_url',
      's.rating_sum',
      's.review_count',
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(filter.limit + 1)
    .offset(filter.offset)
    .execute();
}

export async function findShopBySlug(db: DB, slug: string, viewer: Viewer) {
  return db
    .selectFrom('shops as s')
    .where('s.slug', '=', slug)
    .where((eb) => shopVisibleTo(eb, viewer))
    .select((eb) => shopIsPublic(eb).as('is_public'))
    .select((eb) => shopTakenDown(eb).as('taken_down'))
    .select([
      's.id',
      's.slug',
      's.name',
      's.description',
      's.contact_email',
      's.contact_phone',
      's.whatsapp_number',
      's.currency',
      's.returns_policy',
      's.delivery_time',
      's.logo_url',
      's.profile_picture_url',
      's.cover_image_url',
      's.rating_sum',
      's.review_count',
    ])
    .executeTakeFirst();
}

export async function findShopOwnerId(db: DB, shopId: number): Promise<number | undefined> {
  const row = await db.selectFrom('shops').select('owner_id').where('id', '=', shopId).executeTakeFirst();
  return row?.owner_id;
}

/** The categories of one shop that hold listed products, for the storefront's badge filter. */
export async function listShopCategories(db: DB, shopId: number) {
  return db
    .selectFrom('categories as c')
    .where('c.shop_id', '=', shopId)
    .where((eb) =>
      eb.exists(eb.selectFrom('products as p').select('p.id').whereRef('p.category_id', '=', 'c.id').where(productIsListed)),
    )
    .select(['c.id', 'c.name', 'c.slug'])
    .orderBy('c.name')
    .execute();
}
