import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_HEADER } from '../../shared/i18n/language';
import { createOrder, createProduct, createShop, SHIPPING } from '../testing/factories';
import { rawRequest, type RawResponse, startTestServer, type TestServer } from '../testing/test-server';
import { blockOrderPhone } from './dispatch.service';

/**
 * A blocked number's refusal over HTTP (issue 53): the server's message as before, plus what the
 * checkout needs to show it beside the Phone field with the shop's WhatsApp: the field it is about
 * (as a validation's field errors are) and the shop that refused, with its WhatsApp number.
 */
let server: TestServer;
let productId = 0;
const NUMBER = '+92 301 5550011';
const SHOP = "Sara's Boutique";
const WHATSAPP = '+92 321 5550000';

beforeAll(async () => {
  server = await startTestServer();
  const shop = await createShop(server.env, { name: SHOP, currency: 'PKR', whatsapp: WHATSAPP });
  const product = await createProduct(server.env, shop, { stock: 5 });
  productId = product.id;
  const order = await createOrder(server.env, product, { shipping: { phone: NUMBER } });
  await blockOrderPhone(server.env.db, { orderId: order.id, shopId: shop.id, now: new Date() });
});

afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
});

interface ErrorBody {
  error: { message: string; data: { code: string; fieldErrors: Record<string, string> | null; refusedBy?: { shop: string; whatsappUrl: string | null } | null } };
}

function checkout(phone: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(server.port, '/api/trpc/orders.checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ items: [{ productId, quantity: 1, color: null, size: null }], shipping: { ...SHIPPING, phone } }),
  });
}

describe("a blocked number's refusal", () => {
  it('names the Phone field and the shop with its WhatsApp, keeping the message', async () => {
    const res = await checkout('0301-5550011');
    expect(res.status).toBe(400);
    const { error } = res.json<ErrorBody>();
    const message = `${SHOP} does not take cash on delivery orders from this phone number. Contact the shop on WhatsApp.`;
    expect(error.message).toBe(message);
    expect(error.data.fieldErrors).toEqual({ 'shipping.phone': message });
    expect(error.data.refusedBy).toEqual({ shop: SHOP, whatsappUrl: 'https://wa.me/923215550000' });
  });

  it('reads in Urdu from an Urdu page, field error included', async () => {
    const { error } = (await checkout(NUMBER, { [LANGUAGE_HEADER]: 'ur' })).json<ErrorBody>();
    expect(error.message).not.toContain('does not take');
    expect(error.data.fieldErrors?.['shipping.phone']).toBe(error.message);
    expect(error.data.refusedBy).toEqual({ shop: SHOP, whatsappUrl: 'https://wa.me/923215550000' });
  });

  it('adds nothing to other refusals', async () => {
    const { error } = (await checkout('')).json<ErrorBody>();
    expect(error.data.refusedBy ?? null).toBeNull();
  });
});
