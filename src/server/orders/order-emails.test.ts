import { afterEach, describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { deliverOutbox, useSmtpServer } from '../testing/smtp-server';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';

/**
 * The order emails (issue 31): the buyer's receipt and the shop's "new order", written in the
 * checkout's transaction; the buyer's status emails with their switch; their content in both
 * languages, as a real SMTP server receives it.
 */
const mailServer = useSmtpServer();
let env: TestEnv;
const MAIL = { publicUrl: 'https://shop.example.test', linkKey: 'test-email-link-key' };

afterEach(async () => {
  await env?.db.destroy();
});

const deliver = () => deliverOutbox(env.db, mailServer.server, env.clock.now, 'orders@example.test');

const to = (address: string) => mailServer.server.received.filter((email) => email.to.includes(address));
const item = (productId: number, quantity = 1, color: string | null = null, size: string | null = null) => ({ productId, quantity, color, size });

describe('checkout emails', () => {
  it("writes a receipt per order and the shop's new-order email where the shop wants it, in the buyer's language (Urdu)", async () => {
    env = createTestEnv({ mail: MAIL });
    const wants = await createShop(env, { name: 'Zari Threads', currency: 'PKR', contactEmail: 'zari@example.test', whatsapp: '+92 300 1112223' });
    const quiet = await createShop(env, { name: 'Quiet Shop', currency: 'PKR', contactEmail: 'quiet@example.test' });
    await env.as(quiet.ownerId).shops.setEmailNewOrders({ enabled: false });
    const shirt = await createProduct(env, wants, { name: 'Lawn Shirt', price: 250_000, colors: ['#ff0000'], sizes: ['M'] });
    const cap = await createProduct(env, quiet, { name: 'Cap', price: 50_000 });

    const { orders } = await env.inLanguage('ur', null).orders.checkout({ items: [item(shirt.id, 2, '#ff0000', 'M'), item(cap.id)], shipping: SHIPPING });
    expect(orders).toHaveLength(2);
    expect(await countRows(env.db, 'outbox')).toBe(3);
    expect(await deliver()).toEqual({ sent: 3, retried: 0, failed: 0 });

    const receipts = to('ayesha@example.test');
    expect(receipts).toHaveLength(2);
    const zari = orders.find((o) => o.shopName === 'Zari Threads')!;
    const receipt = receipts.find((email) => email.text.includes(zari.orderNumber))!;
    expect(receipt.subject).toContain(zari.orderNumber);
    expect(receipt.subject).toContain('Zari Threads');
    expect(receipt.parsed.from?.value[0]).toEqual({ name: 'مارکیٹ پلیس', address: 'orders@example.test' });
    expect(receipt.text).toContain('آرڈر نمبر');
    expect(receipt.text).toContain('Lawn Shirt');
    expect(receipt.text).toMatch(/Lawn Shirt.*\(.*لال \/ M.*\) × \u2068?2/);
    expect(receipt.text).toContain('ڈیلیوری پر ادائیگی');
    expect(receipt.text).toMatch(/ڈیلیوری پر ادائیگی: \u2068Rs\s?5,000/);
    expect(receipt.text).toContain('https://wa.me/923001112223');
    expect(receipt.text).toContain(`https://shop.example.test/ur/guest/orders?order=${zari.orderNumber}`);
    expect(receipt.html).toContain('dir="rtl"');
    expect(receipt.html).not.toMatch(/<img|<script|src=|url\(/i);

    const shopEmails = to('zari@example.test');
    expect(shopEmails).toHaveLength(1);
    expect(shopEmails[0]!.text).toContain('Ayesha Khan');
    expect(shopEmails[0]!.text).toContain('Ring twice');
    expect(shopEmails[0]!.text).toContain('https://shop.example.test/ur/shop/orders');
    expect(to('quiet@example.test')).toEqual([]);
  });

  it('writes the receipt in English for an English page, with the tracking link to the buyer’s own orders', async () => {
    env = createTestEnv({ mail: MAIL });
    const shop = await createShop(env, { name: 'Kite Corner', currency: 'PKR' });
    const kite = await createProduct(env, shop, { name: 'Kite', price: 30_000 });
    const buyer = await createUser(env, { roles: ['buyer'] });
    const { orders } = await env.as(buyer).orders.checkout({ items: [item(kite.id, 3)], shipping: SHIPPING });
    await deliver();
    // The shop has no contact email: only the receipt.
    expect(mailServer.server.received).toHaveLength(1);
    const [receipt] = mailServer.server.received;
    expect(receipt!.subject).toBe(`Your order ${orders[0]!.orderNumber} from Kite Corner`);
    expect(receipt!.text).toContain('Kite × 3');
    expect(receipt!.text).toMatch(/To pay on delivery: PKR\s900\.00/);
    expect(receipt!.text).toContain('Payment: cash on delivery');
    expect(receipt!.text).toContain('https://shop.example.test/buyer/orders');
    expect(receipt!.html).toContain('lang="en" dir="ltr"');
  });

  it('names colours by their name in the language of the order, in the receipt and the shop’s email (issue 53)', async () => {
    env = createTestEnv({ mail: MAIL });
    const shop = await createShop(env, { name: 'Bag House', currency: 'PKR', contactEmail: 'bags@example.test' });
    const bag = await createProduct(env, shop, { name: 'Leather Handbag', price: 450_000, colors: ['#8b5a2b'] });
    const shirt = await createProduct(env, shop, { name: 'Shirt', price: 175_000, colors: ['#ff0000'], sizes: ['M'], variants: { '#ff0000|M': { stock: 5 } } });
    for (const [language, brown, red] of [['en', 'Brown', 'Red / M'], ['ur', 'بھورا', 'لال / M']] as const) {
      mailServer.server.received.length = 0;
      await env.inLanguage(language, null).orders.checkout({ items: [item(bag.id, 1, '#8b5a2b'), item(shirt.id, 1, '#ff0000', 'M')], shipping: SHIPPING });
      await deliver();
      const texts = [...to('ayesha@example.test'), ...to('bags@example.test')].map((email) => email.text.replace(/[\u2068\u2069]/g, ''));
      expect(texts).toHaveLength(2);
      for (const text of texts) {
        expect(text).toContain(`Leather Handbag (${brown})`);
        expect(text).toContain(`Shirt (${red})`);
        expect(text).not.toMatch(/#[0-9a-f]{6}/i);
      }
    }
  });

  it('writes nothing when the checkout is refused: the emails roll back with it', async () => {
    env = createTestEnv({ mail: MAIL });
    const shop = await createShop(env, { contactEmail: 'shop@example.test' });
    const plenty = await createProduct(env, shop, { stock: 10 });
    const scarce = await createProduct(env, shop, { stock: 1 });
    await expect(env.as(null).orders.checkout({ items: [item(plenty.id), item(scarce.id, 2)], shipping: SHIPPING })).rejects.toThrow(/left/);
    expect(await countRows(env.db, 'orders')).toBe(0);
    expect(await countRows(env.db, 'outbox')).toBe(0);
  });

  it('keeps CR/LF in names out of the headers, and sends only to the addresses of the order', async () => {
    env = createTestEnv({ mail: MAIL });
    const shop = await createShop(env, { name: 'Safe Shop', contactEmail: 'safe@example.test' });
    const product = await createProduct(env, shop);
    const shipping = { ...SHIPPING, fullName: 'Ali\r\nBcc: victim@example.test', notes: 'x\r\nSubject: spoofed' };
    await env.as(null).orders.checkout({ items: [item(product.id)], shipping });
    await env.as(null).orders.checkout({ items: [item(product.id)], shipping: { ...shipping, fullName: 'Ali Bcc: victim@example.test' } });
    await deliver();
    expect(mailServer.server.received).toHaveLength(4);
    expect([...new Set(mailServer.server.received.flatMap((email) => email.to))].sort()).toEqual(['ayesha@example.test', 'safe@example.test']);
    for (const email of mailServer.server.received) {
      const headers = email.raw.slice(0, email.raw.indexOf('\r\n\r\n'));
      expect(headers).not.toMatch(/^(Bcc|Subject: spoofed)/im);
      expect(email.parsed.bcc).toBeUndefined();
    }
  });

  it('writes no email without a mail server', async () => {
    env = createTestEnv({ mail: null });
    const shop = await createShop(env, { contactEmail: 'shop@example.test' });
    const product = await createProduct(env, shop);
    await env.as(null).orders.checkout({ items: [item(product.id)], shipping: SHIPPING });
    expect(await countRows(env.db, 'outbox')).toBe(0);
  });
});

describe('status emails', () => {
  it('tells a buyer of each status in the language of the order, ends with how to stop them, and honours the switch', async () => {
    env = createTestEnv({ mail: MAIL });
    const shop = await createShop(env, { name: 'Dupatta House' });
    const product = await createProduct(env, shop, { stock: 20 });
    const buyer = await createUser(env, { roles: ['buyer'], fullName: 'Hina' });
    const owner = env.as(shop.ownerId);
    const { orders } = await env.inLanguage('ur', buyer).orders.checkout({ items: [item(product.id)], shipping: { ...SHIPPING, fullName: 'Hina' } });
    const order = orders[0]!;
    await deliver();
    mailServer.server.received.length = 0;

    await owner.shopOrders.changeStatus({ orderId: order.id, status: 'confirmed' });
    await deliver();
    expect(mailServer.server.received).toHaveLength(1);
    const confirmed = mailServer.server.received[0]!;
    expect(confirmed.subject).toContain(order.orderNumber);
    expect(confirmed.subject).toContain('تصدیق شدہ');
    expect(confirmed.text).toContain('Dupatta House');
    expect(confirmed.text).toContain('https://shop.example.test/ur/email-updates?email=ayesha%40example.test&token=');
    // It ends with how to switch them off (then only the footer).
    const stop = 'انہیں روکنے کے لیے یہ لنک کھولیں';
    expect(confirmed.text.indexOf(stop)).toBeGreaterThan(confirmed.text.indexOf('ٹریک'));
    expect(confirmed.text.indexOf(stop)).toBeGreaterThan(confirmed.text.length - 600);
    expect(confirmed.html).toContain('dir="rtl"');

    // Switched off: the next change writes nothing.
    await env.as(buyer).users.setOrderEmails({ enabled: false });
    expect((await env.as(buyer).auth.me())?.orderEmails).toBe(false);
    await owner.shopOrders.changeStatus({ orderId: order.id, status: 'shipped', shipment: { courier: 'TCS', trackingNumber: 'TCS-7733' } });
    expect(await deliver()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await env.as(buyer).users.setOrderEmails({ enabled: true });
    await owner.shopOrders.changeStatus({ orderId: order.id, status: 'delivered' });
    await deliver();
    expect(mailServer.server.received.map((email) => email.subject)).toEqual([confirmed.subject, expect.stringContaining('ڈیلیور ہو گیا')]);
  });

  it('says each status in English, including a cancellation by the buyer, to an account and to a guest alike', async () => {
    env = createTestEnv({ mail: MAIL });
    const shop = await createShop(env, { name: 'Tea Stall' });
    const product = await createProduct(env, shop, { stock: 20 });
    const buyer = await createUser(env, { roles: ['buyer'] });
    const { orders } = await env.as(buyer).orders.checkout({ items: [item(product.id)], shipping: SHIPPING });
    const guest = await env.as(null).orders.checkout({ items: [item(product.id)], shipping: SHIPPING });
    await deliver();
    mailServer.server.received.length = 0;

    await env.as(buyer).orders.cancel({ orderId: orders[0]!.id });
    await env.as(shop.ownerId).shopOrders.changeStatus({ orderId: guest.orders[0]!.id, status: 'confirmed' });
    await deliver();
    expect(mailServer.server.received.map((email) => email.subject)).toEqual([
      `Order ${orders[0]!.orderNumber}: Cancelled`,
      `Order ${guest.orders[0]!.orderNumber}: Confirmed`,
    ]);
    const [cancelled, confirmed] = mailServer.server.received;
    expect(cancelled!.text).toContain(`Your order ${orders[0]!.orderNumber} from Tea Stall was cancelled.`);
    expect(cancelled!.text).toContain('To stop them, open this link:\nhttps://shop.example.test/email-updates?email=ayesha%40example.test&token=');
    // The guest follows the order by guest tracking, prefilled with its number.
    expect(confirmed!.text).toContain(`https://shop.example.test/guest/orders?order=${guest.orders[0]!.orderNumber}`);
    expect(confirmed!.text).toContain('To stop them, open this link:\nhttps://shop.example.test/email-updates?email=ayesha%40example.test&token=');
  });

  it('names the courier and tracking number when shipped, and says when the order came back (returned)', async () => {
    env = createTestEnv({ mail: MAIL });
    const shop = await createShop(env, { name: 'Shoe Box' });
    const product = await createProduct(env, shop, { stock: 20 });
    const buyer = await createUser(env, { roles: ['buyer'] });
    const owner = env.as(shop.ownerId);
    const { orders } = await env.as(buyer).orders.checkout({ items: [item(product.id)], shipping: SHIPPING });
    const orderId = orders[0]!.id;
    await owner.shopOrders.changeStatus({ orderId, status: 'confirmed' });
    await deliver();
    mailServer.server.received.length = 0;

    await owner.shopOrders.changeStatus({ orderId, status: 'shipped', shipment: { courier: 'Leopards', trackingNumber: 'LP-0042-77' } });
    await owner.shopOrders.changeStatus({ orderId, status: 'returned' });
    await deliver();
    const [shipped, returned] = mailServer.server.received;
    expect(shipped!.subject).toBe(`Order ${orders[0]!.orderNumber}: Shipped`);
    expect(shipped!.text).toContain('Courier: Leopards\nTracking number: LP-0042-77');
    expect(returned!.subject).toContain(orders[0]!.orderNumber);
    expect(returned!.text).toContain(`Your order ${orders[0]!.orderNumber} from Shoe Box went back to the shop.`);
  });
});
