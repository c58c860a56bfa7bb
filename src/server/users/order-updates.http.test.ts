import { afterEach, describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { deliverOutbox, useSmtpServer } from '../testing/smtp-server';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';
import { oneClickUnsubscribe, startTestServer, type TestServer } from '../testing/test-server';

/**
 * Order updates by email for every buyer (issue 31): a guest's status emails too, each ending with a
 * link signed for its address that switches them off without an account, and the mail program's own
 * one-click "Unsubscribe" (List-Unsubscribe, RFC 8058) doing the same over HTTP. A real SMTP server
 * receives the emails; the one-click POST reaches the real HTTP server.
 */
const mailServer = useSmtpServer();
const MAIL = { publicUrl: 'https://shop.example.test', linkKey: 'test-email-link-key' };
let env: TestEnv;
let server: TestServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
  await env?.db.destroy();
});

const deliver = () => deliverOutbox(env.db, mailServer.server, env.clock.now, 'orders@example.test');
const item = (productId: number) => ({ productId, quantity: 1, color: null, size: null });

/** The link at the end of a status email: its address and signature, as the page reads them. */
function linkIn(text: string) {
  const url = new URL(/https:\/\/shop\.example\.test\/(?:ur\/)?email-updates\?\S+/.exec(text)![0]);
  return { url, email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
}

async function guestOrderWithStatusEmail() {
  env = createTestEnv({ mail: MAIL });
  const shop = await createShop(env, { name: 'Chai Corner' });
  const product = await createProduct(env, shop, { stock: 50 });
  const owner = env.as(shop.ownerId);
  const place = async () => (await env.as(null).orders.checkout({ items: [item(product.id)], shipping: SHIPPING })).orders[0]!;
  const first = await place();
  await owner.shopOrders.changeStatus({ orderId: first.id, status: 'confirmed' });
  await deliver();
  const email = mailServer.server.received.find((received) => received.subject.endsWith(': Confirmed'))!;
  mailServer.server.received.splice(0);
  return { owner, place, first, email };
}

describe('order updates by email, for guests too', () => {
  it('sends a guest its status emails with a signed link and the List-Unsubscribe headers', async () => {
    const { first, email } = await guestOrderWithStatusEmail();
    expect(email.to).toEqual(['ayesha@example.test']);
    expect(email.text).toContain(`${first.orderNumber}`);
    const link = linkIn(email.text);
    expect(link.email).toBe('ayesha@example.test');
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(email.html).toContain(link.url.href.replace(/&/g, '&amp;'));
    const headers = email.raw.slice(0, email.raw.indexOf('\r\n\r\n'));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(headers).toContain(`List-Unsubscribe:\r\n <${link.url.href}>`);
    // The receipt and the shop's email carry no unsubscribe: they are not order updates.
    expect(await env.db.selectFrom('outbox').select('unsubscribe_url').where('kind', '!=', 'order-status').execute()).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ unsubscribe_url: expect.any(String) })]),
    );
  });

  it('switches a guest’s status emails off with the link, and the account with that address with them; on again sends them again', async () => {
    const { owner, place, first, email } = await guestOrderWithStatusEmail();
    const account = await createUser(env, { email: 'ayesha@example.test', roles: ['buyer'] });
    const link = linkIn(email.text);
    const page = env.as(null).orderUpdates;

    expect(await page.check({ email: link.email, token: link.token })).toEqual({ valid: true, enabled: true });
    await page.set({ email: link.email, token: link.token, enabled: false });
    expect(await page.check({ email: link.email, token: link.token })).toMatchObject({ enabled: false });
    expect((await env.as(account).auth.me())?.orderEmails).toBe(false);

    // Off: neither the guest order's next status nor a new order's first one is emailed (the receipt still is).
    await owner.shopOrders.changeStatus({ orderId: first.id, status: 'shipped', shipment: { courier: 'TCS', trackingNumber: 'TCS-1' } });
    const second = await place();
    await owner.shopOrders.changeStatus({ orderId: second.id, status: 'confirmed' });
    await deliver();
    expect(mailServer.server.received.map((received) => received.subject)).toEqual([`Your order ${second.orderNumber} from Chai Corner`]);
    mailServer.server.received.splice(0);

    await page.set({ email: link.email, token: link.token, enabled: true });
    expect((await env.as(account).auth.me())?.orderEmails).toBe(true);
    await owner.shopOrders.changeStatus({ orderId: first.id, status: 'delivered' });
    await deliver();
    expect(mailServer.server.received.map((received) => received.subject)).toEqual([`Order ${first.orderNumber}: Delivered`]);
  });

  it('refuses a link whose signature is not its address’s, and writes nothing', async () => {
    const { email } = await guestOrderWithStatusEmail();
    const link = linkIn(email.text);
    const page = env.as(null).orderUpdates;
    for (const forged of [
      { email: 'someone.else@example.test', token: link.token },
      { email: link.email, token: link.token.slice(0, -1) },
      { email: link.email, token: `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}` },
      { email: link.email, token: '' },
    ]) {
      expect(await page.check(forged)).toEqual({ valid: false });
      await expect(page.set({ ...forged, enabled: false })).rejects.toThrow('This link is not valid. Open it again from your latest order email.');
    }
    // Signed with another server's key.
    const other = createTestEnv({ mail: { ...MAIL, linkKey: 'another-servers-key' } });
    expect(await other.as(null).orderUpdates.check({ email: link.email, token: link.token })).toEqual({ valid: false });
    await other.db.destroy();
    expect(await countRows(env.db, 'email_opt_outs')).toBe(0);
  });

  it('is switched off in one click by the mail program (POST to the List-Unsubscribe link), and only with a valid link', async () => {
    const { owner, first, email } = await guestOrderWithStatusEmail();
    server = await startTestServer({}, env);
    const link = linkIn(email.text);
    const post = (url: URL) => oneClickUnsubscribe(server!.port, url);

    const forged = new URL(link.url);
    forged.searchParams.set('email', 'victim@example.test');
    const refused = await post(forged);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'This link is not valid. Open it again from your latest order email.' });
    expect(await countRows(env.db, 'email_opt_outs')).toBe(0);

    const done = await post(link.url);
    expect(done.status).toBe(200);
    expect(await env.db.selectFrom('email_opt_outs').select('email').execute()).toEqual([{ email: 'ayesha@example.test' }]);
    // Twice is still once.
    expect((await post(link.url)).status).toBe(200);
    expect(await countRows(env.db, 'email_opt_outs')).toBe(1);

    await owner.shopOrders.changeStatus({ orderId: first.id, status: 'shipped', shipment: { courier: 'Leopards', trackingNumber: 'LP-1' } });
    expect(await deliver()).toEqual({ sent: 0, retried: 0, failed: 0 });
    // A GET of the link is the page (a link checker following it switches nothing off).
    expect((await fetch(`http://127.0.0.1:${server.port}${link.url.pathname}${link.url.search}`)).status).toBe(200);
  });

  it('writes the same switch from /settings: an account that turns updates off gets none for its guest orders either', async () => {
    env = createTestEnv({ mail: MAIL });
    const shop = await createShop(env, { name: 'Rug Loft' });
    const product = await createProduct(env, shop, { stock: 50 });
    const account = await createUser(env, { email: 'ayesha@example.test', roles: ['buyer'] });
    await env.as(account).users.setOrderEmails({ enabled: false });
    const guestOrder = (await env.as(null).orders.checkout({ items: [item(product.id)], shipping: SHIPPING })).orders[0]!;
    await env.as(shop.ownerId).shopOrders.changeStatus({ orderId: guestOrder.id, status: 'confirmed' });
    await deliver();
    expect(mailServer.server.received.map((received) => received.subject)).toEqual([`Your order ${guestOrder.orderNumber} from Rug Loft`]);

    await env.as(account).users.setOrderEmails({ enabled: true });
    expect(await countRows(env.db, 'email_opt_outs')).toBe(0);
  });
});
