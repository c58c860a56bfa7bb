import { describe, expect, it } from 'vitest';
import { MAX_CITY_RATES } from '../../shared/delivery';
import { formatMoney } from '../../shared/money';
import { MAX_PRICE_MINOR } from '../../shared/pricing';
import type { DeliveryFormInput } from '../../shared/schemas/delivery';
import { createProduct, createShop, createUser } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';

// The shop's delivery rule (issue 18): set on /shop/settings by its owner only, typed in major units
// of the shop's currency and stored in minor units; a bad value names its field and saves nothing.

const form = (f: Partial<DeliveryFormInput> = {}): DeliveryFormInput => ({ fee: '200', freeFrom: '3,000', cities: [], ...f });
const row = (city: string, fee = '150', noDelivery = false) => ({ city, fee, noDelivery });

describe('shops.setDelivery', () => {
  it('saves the rule in minor units; settings and the cart read it back; until then the default applies', async () => {
    const env = createTestEnv({ deliveryFeeDefault: '99' });
    const shop = await createShop(env, { currency: 'PKR' });
    const product = await createProduct(env, shop);
    const owner = env.as(shop.ownerId);
    expect((await owner.shops.mine())?.delivery).toEqual({ custom: false, rule: { fee: 9_900, freeFrom: null, cities: [] } });
    expect((await env.as(null).catalog.shop({ slug: shop.slug })).delivery).toEqual({ fee: 9_900, freeFrom: null, byCity: false });
    await owner.shops.setDelivery(form({ cities: [row(' lahore  '), row('Quetta', '', true)] }));
    const rule = { fee: 20_000, freeFrom: 300_000, cities: [{ city: 'lahore', fee: 15_000, noDelivery: false }, { city: 'Quetta', fee: null, noDelivery: true }] };
    expect((await owner.shops.mine())?.delivery).toEqual({ custom: true, rule });
    const { shops } = await env.as(null).catalog.cartLines({ productIds: [product.id] });
    expect(shops).toEqual([{ id: shop.id, name: shop.name, currency: 'PKR', taxRateBps: 0, delivery: rule, policies: { returnsPolicy: '', deliveryTime: '' } }]);
    // The storefront's header says what delivery costs.
    expect((await env.as(null).catalog.shop({ slug: shop.slug })).delivery).toEqual({ fee: 20_000, freeFrom: 300_000, byCity: true });
    // Saving again replaces every city row.
    await owner.shops.setDelivery(form({ freeFrom: '', cities: [] }));
    expect((await owner.shops.mine())?.delivery.rule).toEqual({ fee: 20_000, freeFrom: null, cities: [] });
  });

  it('refuses bad input with the field it is about, and saves nothing', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const owner = env.as(shop.ownerId);
    await owner.shops.setDelivery(form());
    const before = await owner.shops.mine();
    const cases: Array<[Partial<DeliveryFormInput>, string]> = [
      [{ fee: '' }, 'Delivery fee is required'],
      [{ fee: '-5' }, 'Delivery fee must be an amount of 0 or more, like 200'],
      [{ fee: 'abc' }, 'Delivery fee must be an amount of 0 or more, like 200'],
      [{ fee: '100000000000' }, `Delivery fee must be at most ${formatMoney(MAX_PRICE_MINOR, 'PKR')}`],
      [{ freeFrom: '0' }, 'Free delivery from must be an amount above 0, or left empty'],
      [{ freeFrom: '-1' }, 'Free delivery from must be an amount above 0, or left empty'],
      [{ cities: [row('  ')] }, 'City is required'],
      [{ cities: [row('Lahore'), row(' LAHORE ')] }, 'LAHORE already has a rate'],
      [{ cities: [row('Lahore', '')] }, 'Fee for this city is required'],
      [{ cities: [row('Lahore', '1.234')] }, 'Fee for this city must be an amount of 0 or more, like 200'],
      [{ cities: Array.from({ length: MAX_CITY_RATES + 1 }, (_, i) => row(`City ${i}`)) }, `At most ${MAX_CITY_RATES} city rates`],
    ];
    for (const [bad, message] of cases) await expect(owner.shops.setDelivery(form(bad)), message).rejects.toThrow(message);
    expect(await owner.shops.mine()).toEqual(before);
    expect(await env.db.selectFrom('shop_delivery_cities').selectAll().execute()).toEqual([]);
  });

  it('refuses rates that hold one city twice, in two scripts or spellings (issue 53), and saves nothing', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const owner = env.as(shop.ownerId);
    await owner.shops.setDelivery(form({ cities: [row('Karachi')] }));
    const before = await owner.shops.mine();
    await expect(owner.shops.setDelivery(form({ cities: [row('Lahore'), row('لاہور', '120')] }))).rejects.toThrow('لاہور is the same city as Lahore, which already has a rate');
    await expect(owner.shops.setDelivery(form({ cities: [row('Rawalpindi'), row('Pindi', '', true)] }))).rejects.toThrow('Pindi is the same city as Rawalpindi, which already has a rate');
    expect(await owner.shops.mine()).toEqual(before);
    // One city in Urdu is a rate like any other; the city stays as the shopkeeper wrote it.
    await owner.shops.setDelivery(form({ cities: [row('لاہور', '120'), row('Chak 45')] }));
    expect((await owner.shops.mine())?.delivery.rule.cities).toEqual([
      { city: 'لاہور', fee: 12_000, noDelivery: false },
      { city: 'Chak 45', fee: 15_000, noDelivery: false },
    ]);
  });

  it("changes only the caller's own shop; buyers and guests cannot", async () => {
    const env = createTestEnv();
    const mine = await createShop(env, { currency: 'PKR' });
    const theirs = await createShop(env, { currency: 'PKR' });
    await env.as(theirs.ownerId).shops.setDelivery(form({ fee: '10' }));
    await env.as(mine.ownerId).shops.setDelivery(form({ fee: '500' }));
    expect((await env.as(theirs.ownerId).shops.mine())?.delivery.rule.fee).toBe(1_000);
    const buyer = await createUser(env, { roles: ['buyer'] });
    await expect(env.as(buyer).shops.setDelivery(form())).rejects.toThrow();
    await expect(env.as(null).shops.setDelivery(form())).rejects.toThrow();
    expect((await env.as(theirs.ownerId).shops.mine())?.delivery.rule.fee).toBe(1_000);
  });

  it("moves the rule with the shop's currency, as its prices move", async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR', whatsapp: '+923001234567' });
    const owner = env.as(shop.ownerId);
    await owner.shops.setDelivery(form({ cities: [row('Lahore', '150')] }));
    const settings = (await owner.shops.mine())!;
    await owner.shops.update({ name: settings.name, whatsappNumber: settings.whatsappNumber, currency: 'JPY', logoUrl: null, profilePictureUrl: null, coverImageUrl: null });
    expect((await owner.shops.mine())?.delivery.rule).toEqual({ fee: 200, freeFrom: 3_000, cities: [{ city: 'Lahore', fee: 150, noDelivery: false }] });
  });
});
