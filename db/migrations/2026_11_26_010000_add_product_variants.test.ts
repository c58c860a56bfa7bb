import { expect, it } from 'vitest';
import { createProduct, createShop, SHIPPING } from '../../src/server/testing/factories';
import { createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_11_26_010000_add_product_variants';

it('an existing product becomes shared and sells exactly as before; down and up again', async () => {
  const env = createTestEnv();
  const shop = await createShop(env);
  const product = await createProduct(env, shop, { name: 'Lamp', stock: 4, colors: ['#ff0000'], sizes: ['M'] });
  await down(env.db);
  await up(env.db);
  const row = await env.db.selectFrom('products').select(['stock_mode', 'stock_amount']).where('id', '=', product.id).executeTakeFirstOrThrow();
  expect(row).toEqual({ stock_mode: 'shared', stock_amount: 4 });
  await env.as(null).orders.checkout({ items: [{ productId: product.id, color: '#ff0000', size: 'M', quantity: 3 }], shipping: SHIPPING });
  expect((await env.db.selectFrom('products').select('stock_amount').where('id', '=', product.id).executeTakeFirstOrThrow()).stock_amount).toBe(1);
  await expect(env.as(null).orders.checkout({ items: [{ productId: product.id, color: '#ff0000', size: 'M', quantity: 2 }], shipping: SHIPPING })).rejects.toThrow(
    'Only 1 left of "Lamp": please lower the quantity',
  );
  const item = await env.db.selectFrom('order_items').select(['variant_label', 'sku']).executeTakeFirstOrThrow();
  expect(item).toEqual({ variant_label: null, sku: null });
  await env.db.destroy();
});
