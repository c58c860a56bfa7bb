import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/testing/factories';
import { createTestEnv, type TestEnv } from '../../src/server/testing/test-app';
import { up } from './2026_11_23_000000_align_product_currency';

// Rows as the old product form could leave them: a product priced in a currency its shop does not use.
let env: TestEnv;
beforeAll(() => {
  env = createTestEnv();
});
afterAll(async () => {
  await env.db.destroy();
});

async function shopIn(currency: string) {
  const owner = await createUser(env, { roles: ['shopkeeper'] });
  const slug = `shop-${currency.toLowerCase()}-${owner}`;
  return (
    await env.db.insertInto('shops').values({ owner_id: owner, name: slug, slug, whatsapp_number: '1', currency }).returning('id').executeTakeFirstOrThrow()
  ).id;
}

async function productIn(shopId: number, currency: string, price: number, discount: { type: 'percent' | 'fixed'; value: number } | null = null) {
  const slug = `p-${shopId}-${currency}-${price}`;
  return (
    await env.db
      .insertInto('products')
      .values({
        shop_id: shopId,
        name: slug,
        slug,
        selling_price: price,
        purchase_price: Math.floor(price / 2),
        currency,
        stock_amount: 1,
        unit: 'pieces',
        discount_type: discount?.type ?? null,
        discount_value: discount?.value ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const row = (id: number) =>
  env.db.selectFrom('products').select(['currency', 'selling_price', 'purchase_price', 'discount_value']).where('id', '=', id).executeTakeFirstOrThrow();

describe('2026_11_23 align product currency', () => {
  it("moves every product to its shop's currency, keeping the amounts the shopkeeper typed", async () => {
    const yen = await shopIn('JPY');
    const dollars = await shopIn('USD');
    const dinars = await shopIn('BHD');
    const typedAsUsd = await productIn(yen, 'USD', 150_000, { type: 'fixed', value: 20_000 });
    const percentOff = await productIn(yen, 'EUR', 2_000, { type: 'percent', value: 15 });
    const fromPkr = await productIn(dollars, 'PKR', 2_550);
    const alreadyRight = await productIn(dollars, 'USD', 1_999, { type: 'fixed', value: 500 });
    const toThreeDigits = await productIn(dinars, 'USD', 1_250);

    await up(env.db);

    expect(await row(typedAsUsd)).toEqual({ currency: 'JPY', selling_price: 1_500, purchase_price: 750, discount_value: 200 });
    expect(await row(percentOff)).toEqual({ currency: 'JPY', selling_price: 20, purchase_price: 10, discount_value: 15 });
    expect(await row(fromPkr)).toEqual({ currency: 'USD', selling_price: 2_550, purchase_price: 1_275, discount_value: null });
    expect(await row(alreadyRight)).toEqual({ currency: 'USD', selling_price: 1_999, purchase_price: 999, discount_value: 500 });
    expect(await row(toThreeDigits)).toEqual({ currency: 'BHD', selling_price: 12_500, purchase_price: 6_250, discount_value: null });
  });
});
