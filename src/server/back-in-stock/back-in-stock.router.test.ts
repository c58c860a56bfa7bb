import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductFormInput } from '../../shared/schemas/product';
import { createOrder, createProduct, createShop, createUser } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';
import { oneClickUnsubscribe, startTestServer, type TestServer } from '../testing/test-server';
import { startImport } from '../products/product-import.service';

/**
 * "Notify me when it's back" (issue 50 part 2): one pending request per address, product and variant;
 * refused for what is in stock, for a malformed address, and when mail is not set up; exactly one email
 * per request whatever raises the stock (product edit, import, cancel, return), even when 20 stock
 * updates race; the stop link; the shop's count of waiting buyers.
 */
const MAIL = { publicUrl: 'https://shop.example.test', linkKey: 'test-email-link-key' };
const RED = '#ff0000';
const BLUE = '#0000ff';

let env: TestEnv;
let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  await env?.db.destroy();
});

function kurta(stock: { redM: number; redL: number; blueM: number }): ProductFormInput {
  return {
    name: 'Lawn Kurta',
    sellingPrice: '2500',
    unit: 'pieces',
    colors: [RED, BLUE],
    sizes: ['M', 'L'],
    stockMode: 'per_variant',
    variants: [
      { color: RED, size: 'M', stock: String(stock.redM), price: null, sku: null },
      { color: RED, size: 'L', stock: String(stock.redL), price: null, sku: null },
      { color: BLUE, size: 'M', stock: String(stock.blueM), price: null, sku: null },
      { color: BLUE, size: 'L', stock: '0', price: null, sku: null },
    ],
  };
}

async function setup(mail: typeof MAIL | null = MAIL) {
  env = createTestEnv({ mail });
  const shop = await createShop(env, { currency: 'PKR' });
  const owner = env.as(shop.ownerId);
  const created = await owner.products.create(kurta({ redM: 0, redL: 3, blueM: 0 }));
  return { shop, owner, productId: created.id, slug: created.slug };
}

const backInStockEmails = () =>
  env.db.selectFrom('outbox').select(['to_address', 'language', 'subject', 'text_body', 'html_body', 'unsubscribe_url']).where('kind', '=', 'back-in-stock').orderBy('id').execute();

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe('asking', () => {
  it('keeps one pending request per email, product and variant: asking again says so and writes nothing', async () => {
    const { productId } = await setup();
    const guest = env.as(null);
    expect(await guest.backInStock.ask({ productId, color: RED, size: 'M', email: 'sana@example.test' })).toEqual({ alreadyAsked: false });
    expect(await guest.backInStock.ask({ productId, color: RED.toUpperCase(), size: 'M', email: ' Sana@Example.TEST ' })).toEqual({ alreadyAsked: true });
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(1);
    // Another variant, or the product as a whole, is another request; so is another address.
    expect(await guest.backInStock.ask({ productId, color: BLUE, size: 'M', email: 'sana@example.test' })).toEqual({ alreadyAsked: false });
    expect(await guest.backInStock.ask({ productId, color: RED, size: 'M', email: 'hina@example.test' })).toEqual({ alreadyAsked: false });
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(3);
  });

  it('refuses what is in stock, an unknown variant and a malformed email, writing nothing', async () => {
    const { productId, shop } = await setup();
    const guest = env.as(null);
    const inStock = await refusal(guest.backInStock.ask({ productId, color: RED, size: 'L', email: 'sana@example.test' }));
    expect(inStock.code).toBe('BAD_REQUEST');
    expect(inStock.message).toBe('This is in stock: you can order it now.');
    // The product as a whole has stock (Red / L): no request for it without a sold-out choice.
    expect((await refusal(guest.backInStock.ask({ productId, color: null, size: null, email: 'sana@example.test' }))).message).toBe('This is in stock: you can order it now.');
    const shared = await createProduct(env, shop, { stock: 4 });
    expect((await refusal(guest.backInStock.ask({ productId: shared.id, color: null, size: null, email: 'sana@example.test' }))).message).toBe('This is in stock: you can order it now.');
    expect((await refusal(guest.backInStock.ask({ productId, color: '#00ff00', size: 'M', email: 'sana@example.test' }))).message).toBe('This product is not sold in that color and size.');
    const malformed = await refusal(guest.backInStock.ask({ productId, color: RED, size: 'M', email: 'sana@' }));
    expect(malformed.code).toBe('BAD_REQUEST');
    expect(malformed.message).toContain('Invalid email address');
    expect((await refusal(guest.backInStock.ask({ productId: 999_999, color: null, size: null, email: 'sana@example.test' }))).code).toBe('NOT_FOUND');
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(0);
  });

  it('offers nothing without mail: the product page says so, and asking is refused', async () => {
    const { productId, slug } = await setup(null);
    expect((await env.as(null).catalog.product({ slug })).notifyWhenBack).toBe(false);
    const refused = await refusal(env.as(null).backInStock.ask({ productId, color: RED, size: 'M', email: 'sana@example.test' }));
    expect(refused.message).toBe('Emails are not set up on this marketplace.');
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(0);
    await env.db.destroy();
    const withMail = await setup();
    expect((await env.as(null).catalog.product({ slug: withMail.slug })).notifyWhenBack).toBe(true);
  });

  it('is limited per client', async () => {
    const { productId } = await setup();
    for (let i = 0; i < 20; i += 1) await env.as(null, '10.0.0.9').backInStock.ask({ productId, color: RED, size: 'M', email: `b${i}@example.test` });
    const limited = await refusal(env.as(null, '10.0.0.9').backInStock.ask({ productId, color: RED, size: 'M', email: 'late@example.test' }));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(20);
  });
});

describe('the email', () => {
  it('goes once when the shop raises the stock, in the language asked in, with the product link and a stop link', async () => {
    const { owner, productId, slug } = await setup();
    const buyer = await createUser(env, { roles: ['buyer'], email: 'sana@example.test' });
    await env.inLanguage('ur', buyer).backInStock.ask({ productId, color: RED, size: 'M', email: 'sana@example.test' });
    await env.as(null).backInStock.ask({ productId, color: BLUE, size: 'M', email: 'hina@example.test' });
    await env.as(null).backInStock.ask({ productId, color: BLUE, size: 'M', email: 'sana@example.test' });
    expect((await owner.products.list({})).items[0]).toMatchObject({ id: productId, waiting: 3 });

    // Red / M comes back; Blue / M stays sold out.
    await owner.products.update({ id: productId, product: kurta({ redM: 5, redL: 3, blueM: 0 }) });
    let emails = await backInStockEmails();
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.to_address).toBe('sana@example.test');
    expect(email!.language).toBe('ur');
    expect(email!.subject).toContain('Lawn Kurta');
    expect(email!.subject).toContain('دوبارہ اسٹاک میں ہے');
    expect(email!.text_body).toContain(`https://shop.example.test/ur/product/${slug}`);
    expect(email!.unsubscribe_url).toMatch(/^https:\/\/shop\.example\.test\/ur\/email-updates\?about=back-in-stock&email=sana%40example\.test&token=/);
    expect(email!.text_body).toContain(email!.unsubscribe_url);
    expect((await owner.products.list({})).items[0]).toMatchObject({ id: productId, waiting: 2 });

    // Saving again (stock still there) sends nothing more: the request was done.
    await owner.products.update({ id: productId, product: kurta({ redM: 6, redL: 3, blueM: 0 }) });
    expect(await backInStockEmails()).toHaveLength(1);

    // The stop link removes the address's other request; a forged one is refused.
    const link = new URL(email!.unsubscribe_url!).searchParams;
    const stop = { email: link.get('email')!, token: link.get('token')! };
    expect(await env.as(null).backInStock.check(stop)).toEqual({ valid: true, waiting: 1 });
    expect(await env.as(null).backInStock.check({ ...stop, email: 'hina@example.test' })).toEqual({ valid: false });
    expect((await refusal(env.as(null).backInStock.stop({ ...stop, email: 'hina@example.test' }))).message).toBe('This link is not valid. Open it again from the email.');
    expect(await env.as(null).backInStock.stop(stop)).toEqual({ removed: 1 });
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(1);

    await owner.products.update({ id: productId, product: kurta({ redM: 6, redL: 3, blueM: 2 }) });
    emails = await backInStockEmails();
    expect(emails.map((e) => [e.to_address, e.language])).toEqual([
      ['sana@example.test', 'ur'],
      ['hina@example.test', 'en'],
    ]);
    expect(emails[1]!.subject).toBe('Lawn Kurta is back in stock');
    expect(emails[1]!.text_body).toContain('Lawn Kurta (Blue / M)');
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(0);
  });

  it("the mail program's one-click unsubscribe removes the address's requests", async () => {
    const { owner, productId } = await setup();
    await env.as(null).backInStock.ask({ productId, color: RED, size: 'M', email: 'sana@example.test' });
    await env.as(null).backInStock.ask({ productId, color: BLUE, size: 'M', email: 'sana@example.test' });
    await owner.products.update({ id: productId, product: kurta({ redM: 1, redL: 3, blueM: 0 }) });
    const [email] = await backInStockEmails();
    server = await startTestServer({}, env);
    const post = (url: URL) => oneClickUnsubscribe(server!.port, url);
    const url = new URL(email!.unsubscribe_url!);
    const forged = new URL(url);
    forged.searchParams.set('email', 'hina@example.test');
    expect((await post(forged)).status).toBe(400);
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(1);
    expect((await post(url)).status).toBe(200);
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(0);
  });

  it('goes once when a cancelled or returned order gives the stock back, and when an import raises it', async () => {
    const { shop, owner, productId } = await setup();
    const ref = { id: productId, slug: '', name: 'Lawn Kurta', shopId: shop.id, ownerId: shop.ownerId, images: [] };
    await owner.products.update({ id: productId, product: kurta({ redM: 2, redL: 3, blueM: 0 }) });
    const first = await createOrder(env, [{ product: ref, color: RED, size: 'M' }]);
    const second = await createOrder(env, [{ product: ref, color: RED, size: 'M' }], { status: 'shipped' });
    await env.as(null).backInStock.ask({ productId, color: RED, size: 'M', email: 'sana@example.test' });
    await owner.shopOrders.changeStatus({ orderId: first.id, status: 'cancelled' });
    expect(await backInStockEmails()).toHaveLength(1);

    await createOrder(env, [{ product: ref, color: RED, size: 'M' }]);
    await env.as(null).backInStock.ask({ productId, color: RED, size: 'M', email: 'hina@example.test' });
    await owner.shopOrders.changeStatus({ orderId: second.id, status: 'returned' });
    expect((await backInStockEmails()).map((e) => e.to_address)).toEqual(['sana@example.test', 'hina@example.test']);
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(0);

    // A shared-stock product sold out, raised by a catalogue import.
    const lamp = await createProduct(env, shop, { name: 'Brass Lamp', stock: 0 });
    await env.as(null).backInStock.ask({ productId: lamp.id, color: null, size: null, email: 'sana@example.test' });
    const csv = `Handle,Name,Price,Stock\n${lamp.slug},Brass Lamp,19.99,4\n`;
    const started = await startImport(env.db, env.config.storage, { userId: shop.ownerId, shop, mail: MAIL }, { name: 'stock.csv', data: Buffer.from(csv) }, () => env.clock.now);
    if (!started.started) throw new Error(JSON.stringify(started.preview));
    await started.finished;
    const emails = await backInStockEmails();
    expect(emails).toHaveLength(3);
    expect(emails[2]!.subject).toBe('Brass Lamp is back in stock');
    expect(emails[2]!.text_body).toContain(`https://shop.example.test/product/${lamp.slug}`);
  });

  it('is written once under 20 concurrent stock updates (orders cancelled at once)', async () => {
    const { shop, owner, productId } = await setup();
    const ref = { id: productId, slug: '', name: 'Lawn Kurta', shopId: shop.id, ownerId: shop.ownerId, images: [] };
    await owner.products.update({ id: productId, product: kurta({ redM: 20, redL: 3, blueM: 0 }) });
    const orders = [];
    for (let i = 0; i < 20; i += 1) orders.push(await createOrder(env, [{ product: ref, color: RED, size: 'M' }]));
    await env.as(null).backInStock.ask({ productId, color: RED, size: 'M', email: 'sana@example.test' });

    const results = await Promise.allSettled(orders.map((order) => env.as(shop.ownerId).shopOrders.changeStatus({ orderId: order.id, status: 'cancelled' })));
    // A cancellation that lost every retry to the others is refused as a whole ("try again"); none half-written.
    for (const result of results) if (result.status === 'rejected') expect((result.reason as TRPCError).code).toBe('CONFLICT');
    const cancelled = results.filter((r) => r.status === 'fulfilled').length;
    expect(cancelled).toBeGreaterThan(0);
    expect(await backInStockEmails()).toHaveLength(1);
    expect(await countRows(env.db, 'back_in_stock_requests')).toBe(0);
    const variant = await env.db.selectFrom('product_variants').select('stock').where('product_id', '=', productId).where('color', '=', RED).where('size', '=', 'M').executeTakeFirstOrThrow();
    expect(variant.stock).toBe(cancelled);
  });
});

