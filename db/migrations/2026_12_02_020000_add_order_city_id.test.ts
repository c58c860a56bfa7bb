import { expect, it } from 'vitest';
import { createProduct, createShop, SHIPPING } from '../../src/server/testing/factories';
import { createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_12_02_020000_add_order_city_id';

// Runs on both engines (scripts/test.mjs runs the migrations' tests since 2026_11_25 on PostgreSQL too).
it('keeps the orders placed before without a matched city, and the rates saved before meet their city in either script from the next read on', async () => {
  const env = createTestEnv({ deliveryFeeDefault: '200' });
  const shop = await createShop(env, { name: 'Old Shop', currency: 'PKR' });
  const product = await createProduct(env, shop, { price: 10_000, stock: 10 });
  const line = { productId: product.id, quantity: 1, color: null, size: null };
  await env.as(shop.ownerId).shops.setDelivery({ fee: '200', freeFrom: '', cities: [] });
  await env.as(null).orders.checkout({ items: [line], shipping: { ...SHIPPING, city: 'Lahore' } });

  await down(env.db);
  // Rates as the rule of 2026_11_25 wrote them: keyed by their lower-cased text.
  await env.db
    .insertInto('shop_delivery_cities')
    .values([
      { shop_id: shop.id, city_key: 'pindi', city: 'Pindi', fee: 18_000, no_delivery: 0, position: 0 },
      { shop_id: shop.id, city_key: 'quetta', city: 'Quetta', fee: null, no_delivery: 1, position: 1 },
      { shop_id: shop.id, city_key: 'chak 45', city: 'Chak 45', fee: 25_000, no_delivery: 0, position: 2 },
    ])
    .execute();
  await up(env.db);

  expect(await env.db.selectFrom('orders').select(['ship_city', 'ship_city_id']).execute()).toEqual([{ ship_city: 'Lahore', ship_city_id: null }]);
  const at = (city: string) => ({ items: [line], shipping: { ...SHIPPING, city } });
  await expect(env.as(null).orders.checkout(at('کوئٹہ'))).rejects.toThrow('Old Shop does not deliver to کوئٹہ');
  await env.as(null).orders.checkout(at('راولپنڈی'));
  await env.as(null).orders.checkout(at('CHAK 45'));
  const placed = await env.db.selectFrom('orders').select(['ship_city', 'ship_city_id', 'delivery_fee']).where('ship_city', '!=', 'Lahore').orderBy('id').execute();
  expect(placed).toEqual([
    { ship_city: 'راولپنڈی', ship_city_id: 'rawalpindi', delivery_fee: 18_000 },
    { ship_city: 'CHAK 45', ship_city_id: null, delivery_fee: 25_000 },
  ]);
  // The rows stay as the shopkeeper wrote them.
  expect(await env.db.selectFrom('shop_delivery_cities').select(['city', 'city_key']).orderBy('position').execute()).toEqual([
    { city: 'Pindi', city_key: 'pindi' },
    { city: 'Quetta', city_key: 'quetta' },
    { city: 'Chak 45', city_key: 'chak 45' },
  ]);
  await env.db.destroy();
});
