import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * The image that represents a product (its primary image, else its first) as a column of a query
 * over `products as p`. The owner's list, the catalog, link previews and checkout all show this one,
 * so every repository that reads it shares this subquery.
 */
export function primaryImage<C extends 'url' | 'thumb_url'>(eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>, column: C) {
  return eb
    .selectFrom('product_images as pi')
    .select(`pi.${column}` as `pi.${C}`)
    .whereRef('pi.product_id', '=', 'p.id')
    .orderBy('pi.is_primary', 'desc')
    .orderBy('pi.position')
    .limit(1)
    .as(column);
}

/**
 * What a product card shows of a product and its shop, over `products as p` joined to `shops as s`:
 * the catalogue's lists and the buyer's saved products (issue 50) read the same columns.
 */
export const PRODUCT_CARD_COLUMNS = [
      'p.id',
      'p.slug',
      'p.name',
      'p.brand',
      'p.selling_price',
      'p.currency',
      'p.discount_type',
      'p.discount_value',
      'p.stock_amount',
      'p.colors',
      'p.sizes',
      's.id as shop_id',
      's.name as shop_name',
      's.slug as shop_slug',
] as const;
