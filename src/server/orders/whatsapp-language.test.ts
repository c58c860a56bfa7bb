import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import type { Language } from '../../shared/i18n/language';
import { rateLimiterFor } from '../rate-limits/shared-rate-limiter';
import { createProduct, createShop, SHIPPING } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { appRouter } from '../trpc/app-router';
import { createCallerFactory } from '../trpc/init';

// The WhatsApp message is written in the buyer's language (issue 21): a checkout from an Urdu page
// (x-language: ur, ctx.language) gets it in Urdu; English stays exactly as it always was. Runs on both
// engines (TEST_DATABASE=postgres).

const createCaller = createCallerFactory(appRouter);

/** A caller (a guest unless signed in as `sessionUserId`) from a page in `language` (what the HTTP server builds from the x-language header). */
function guestIn(env: TestEnv, language: Language | undefined, sessionUserId: number | null = null) {
  return createCaller({
    db: env.db,
    config: env.config,
    events: env.events,
    limiter: rateLimiterFor(env.db),
    now: () => env.clock.now,
    sessionUserId,
    clientIp: '127.0.0.1',
    language,
  });
}

const line = (productId: number, quantity = 1) => ({ productId, quantity, color: null, size: null });

function messageOf(url: string | null | undefined): string {
  return decodeURIComponent(url?.split('?text=')[1] ?? '');
}

describe("the WhatsApp message in the buyer's language", () => {
  it('is Urdu for a checkout from an Urdu page, and English byte for byte otherwise', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Alpha', currency: 'PKR' });
    const p = await createProduct(env, shop, { name: 'Lawn Kurta', price: 150_000, stock: 10 });
    await env.as(shop.ownerId).shops.setDelivery({ fee: '200', freeFrom: '', cities: [] });

    const [urdu] = (await guestIn(env, 'ur').orders.checkout({ items: [line(p.id, 2)], shipping: SHIPPING })).orders;
    let ur = messageOf(urdu?.whatsappUrl);
    // Values are isolates (U+2068…U+2069) in the Urdu lines; read as plain text they are these.
    expect(ur).toContain(`\u2068${urdu!.orderNumber}\u2069`);
    ur = ur.replace(/[\u2068\u2069]/g, '');
    expect(ur).toContain(`نیا آرڈر ${urdu!.orderNumber}`);
    expect(ur).toContain(`خریدار: ${SHIPPING.fullName}`);
    expect(ur).toContain(`- Lawn Kurta × 2 = ${formatMoney(300_000, 'PKR', 'ur')}`);
    expect(ur).toContain(`ڈیلیوری: ${formatMoney(20_000, 'PKR', 'ur')}`);
    expect(ur).toContain(`کل رقم: ${formatMoney(320_000, 'PKR', 'ur')}`);
    expect(ur).toContain('ادائیگی: ڈیلیوری پر نقد');
    expect(ur).not.toMatch(/New order|Customer|Total|Payment|PKR/);

    for (const language of ['en', undefined] as const) {
      const [english] = (await guestIn(env, language).orders.checkout({ items: [line(p.id, 2)], shipping: SHIPPING })).orders;
      const { fullName, phone, email, address, city, postalCode, notes } = SHIPPING;
      const expected = [
        `New order ${english!.orderNumber}`,
        '',
        `Customer: ${fullName}`,
        `Phone: ${phone}`,
        `Email: ${email.toLowerCase()}`,
        '',
        'Items:',
        `- Lawn Kurta x 2 = ${formatMoney(300_000, 'PKR')}`,
        '',
        `Subtotal: ${formatMoney(300_000, 'PKR')}`,
        `Delivery: ${formatMoney(20_000, 'PKR')}`,
        `Total: ${formatMoney(320_000, 'PKR')}`,
        '',
        `Shipping address: ${address}, ${city}, ${postalCode}`,
        ...(notes?.trim() ? [`Notes: ${notes.trim()}`] : []),
        '',
        'Payment: cash on delivery',
      ].join('\n');
      expect(messageOf(english?.whatsappUrl)).toBe(expected);
    }
  });

  it("writes the trial's support message in the shopkeeper's language", async () => {
    const env = createTestEnv();
    const { ownerId } = await createShop(env, {});
    const urdu = messageOf((await guestIn(env, 'ur', ownerId).shops.supportLink()).url);
    expect(urdu).toBe('السلام علیکم، دکاندار کے طور پر میرا مفت ٹرائل ختم ہو گیا ہے۔ براہِ کرم اسے جاری رکھنے میں میری مدد کریں۔');
    const english = messageOf((await guestIn(env, undefined, ownerId).shops.supportLink()).url);
    expect(english).toBe('Hello, my shopkeeper free trial has expired. I would like to continue.');
  });
});
