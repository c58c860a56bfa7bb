import { describe, expect, it } from 'vitest';
import { createOrder, createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';

// Every wa.me link carries the number in international form (issue 53): a number written locally
// ("0321 4567890", as most Pakistani buyers type it) takes the marketplace's country code
// (AppConfig.countryCode: DEFAULT_COUNTRY_CODE, 92 by default). Stored numbers stay as typed; the link
// is made when shown, so orders placed before work too. Runs on both engines.

const MAIL = { publicUrl: 'https://shop.example.test', linkKey: 'test-email-link-key' };
const line = (productId: number) => ({ productId, quantity: 1, color: null, size: null });
const numberOf = (url: string | null | undefined) => /^https:\/\/wa\.me\/(\d+)(\?text=.+)?$/.exec(url ?? '')?.[1];

describe('WhatsApp links to numbers written locally', () => {
  it("links the buyer, the shop and the receipt's shop chat with the country code", async () => {
    const env = createTestEnv({ mail: MAIL });
    const shop = await createShop(env, { name: 'Local Shop', currency: 'PKR', whatsapp: '0300-1112233' });
    const p = await createProduct(env, shop, { price: 100_000 });
    const { orders } = await env.as(null).orders.checkout({ items: [line(p.id)], shipping: { ...SHIPPING, phone: '0321 4567890' } });

    // The guest's link to the shop after checkout, and the storefront's.
    expect(numberOf(orders[0]!.whatsappUrl)).toBe('923001112233');
    expect(numberOf((await env.as(null).catalog.shop({ slug: shop.slug })).whatsappUrl)).toBe('923001112233');
    // "Message buyer on WhatsApp" on /shop/orders, the phone still shown as typed.
    const card = (await env.as(shop.ownerId).shopOrders.list({})).items[0]!;
    expect(card.buyer.phone).toBe('0321 4567890');
    expect(numberOf(card.whatsappUrl)).toBe('923214567890');
    // The buyer's receipt.
    const receipt = await env.db.selectFrom('outbox').select('text_body').where('kind', '=', 'receipt').executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain('https://wa.me/923001112233');
    await env.db.destroy();
  });

  it('links orders placed before the rule, and every form of the number, alike', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { stock: 50 });
    const typed = ['+92 321 4567890', '0092 321 4567890', '923214567890', '03214567890', '0321-4567890'];
    for (const phone of typed) await createOrder(env, p, { shipping: { phone } });
    const cards = (await env.as(shop.ownerId).shopOrders.list({})).items;
    expect(cards.map((c) => c.buyer.phone).sort()).toEqual([...typed].sort());
    expect(new Set(cards.map((c) => numberOf(c.whatsappUrl)))).toEqual(new Set(['923214567890']));
    await env.db.destroy();
  });

  it("uses the marketplace's country code, for the support link too", async () => {
    const env = createTestEnv({ countryCode: () => '44', supportWhatsapp: '07700 900123' });
    const shop = await createShop(env, { currency: 'GBP', whatsapp: '+92 300 1112233' });
    const p = await createProduct(env, shop);
    await createOrder(env, p, { shipping: { phone: '07700 900456' } });
    const card = (await env.as(shop.ownerId).shopOrders.list({})).items[0]!;
    expect(numberOf(card.whatsappUrl)).toBe('447700900456');
    // A number already international keeps its own country code.
    expect(numberOf((await env.as(null).catalog.shop({ slug: shop.slug })).whatsappUrl)).toBe('923001112233');
    expect(numberOf((await env.as(shop.ownerId).shops.supportLink()).url)).toBe('447700900123');
    const admin = await createUser(env, { roles: ['admin'] });
    expect(await env.as(admin).admin.resetLink({ userId: shop.ownerId })).toMatchObject({ countryCode: '44' });
    await env.db.destroy();
  });
});
