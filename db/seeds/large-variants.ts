import type SQLite from 'better-sqlite3';
import { combinations } from '../../src/shared/variants';

/**
 * Stock per variant in the large seed (issue 19): some of the products with colors or sizes keep
 * their stock per combination. The product becomes per_variant with a total of 0, then each variant
 * row's insert adds its stock to the total through the migration's triggers, as the app's writes do.
 * Prices stay the product's, so the seed's order lines (priced by the product) remain right.
 */
export function variantWriter(raw: SQLite.Database) {
  const toPerVariant = raw.prepare("update products set stock_mode = 'per_variant', stock_amount = 0 where id = ?");
  const insertVariant = raw.prepare('insert into product_variants (product_id, shop_id, color, size, stock, price, sku, position) values (?, ?, ?, ?, ?, null, ?, ?)');
  return (product: { id: number; shopId: number; colors: string[]; sizes: string[] }, stockOf: () => number) => {
    toPerVariant.run(product.id);
    for (const [position, c] of combinations(product.colors, product.sizes).entries()) {
      insertVariant.run(product.id, product.shopId, c.color ?? '', c.size ?? '', stockOf(), `P${product.id}-${position + 1}`, position);
    }
  };
}
