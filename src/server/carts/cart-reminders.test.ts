// A reminder for a forgotten cart (issue 50 part 5): one email 24 hours after the cart's last change,
// once per contents, never after an order, never when switched off or without mail, and one however many
// job runs race; in the language the cart was last written in. Both engines.
import { afterEach, describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { createTestEnv, failure, type TestEnv } from '../testing/test-app';
import { oneClickUnsubscribe, startTestServer, type TestServer } from '../testing/test-server';
import { sendCartReminders } from './cart-reminders.service';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const HOUR = 3_600_000;
const MAIL = { publicUrl: 'https://shop.example.test', linkKey: 'test-email-link-key' };
const later = (env: TestEnv, ms: number) => (env.clock.now = new Date(env.clock.now.getTime() + ms));
const reminders = (env: TestEnv) =>
  env.db.selectFrom('outbox').select(['to_address', 'language', 'subject', 'text_body', 'unsubscribe_url']).where('kind', '=', 'cart-reminder').orderBy('id').execute();
const run = (env: TestEnv) => sendCartReminders(env.db, MAIL, env.clock.now);

async function world() {
  const env = createTestEnv({ mail: MAIL });
  const shop = await createShop(env);
  const kurta = await createProduct(env, shop, { stock: 50, sizes: ['S', 'M'], name: 'Lawn kurta' });
  const buyer = await createUser(env, { roles: ['buyer'], email: 'amna@example.test' });
  return { env, shop, kurta, buyer };
}

describe('forgotten cart reminders', () => {
  it('sends one email 24 hours after the last change, not before, and never again for the same contents; a changed cart gets its own after 24 hours', async () => {
    const { env, kurta, buyer } = await world();
    await env.inLanguage('ur', buyer).cart.change({ productId: kurta.id, color: null, size: 'M', quantity: 2, mode: 'add' });
    later(env, 24 * HOUR - 1);
    expect(await run(env)).toBe(0);
    later(env, 1);
    expect(await run(env)).toBe(1);
    const [email] = await reminders(env);
    expect(email).toMatchObject({ to_address: 'amna@example.test', language: 'ur' });
    expect(email!.text_body).toContain('Lawn kurta');
    expect(email!.text_body).toContain('https://shop.example.test/ur/cart');
    later(env, 24 * HOUR);
    expect(await run(env)).toBe(0);

    // Changed (in English now): a new reminder 24 hours after the change, not before.
    await env.as(buyer).cart.change({ productId: kurta.id, color: null, size: 'M', quantity: 3, mode: 'set' });
    later(env, 23 * HOUR);
    expect(await run(env)).toBe(0);
    later(env, HOUR);
    expect(await run(env)).toBe(1);
    expect((await reminders(env)).map((e) => e.language)).toEqual(['ur', 'en']);
  });

  it('never reminds of a cart that became an order: the checkout takes its lines out of the cart', async () => {
    const { env, kurta, buyer } = await world();
    const line = { productId: kurta.id, color: null, size: 'S', quantity: 1 };
    await env.as(buyer).cart.change({ ...line, mode: 'add' });
    await env.as(buyer).orders.checkout({ items: [line], shipping: SHIPPING });
    expect((await env.as(buyer).cart.get()).items).toEqual([]);
    later(env, 48 * HOUR);
    expect(await run(env)).toBe(0);
    expect(await reminders(env)).toEqual([]);
  });

  it('never when the buyer switched cart reminders off, and never without mail', async () => {
    const { env, kurta, buyer } = await world();
    expect((await env.as(buyer).auth.me())?.cartReminders).toBe(true);
    await env.as(buyer).users.setCartReminders({ enabled: false });
    expect((await env.as(buyer).auth.me())?.cartReminders).toBe(false);
    await env.as(buyer).cart.change({ productId: kurta.id, color: null, size: 'S', quantity: 1, mode: 'add' });
    later(env, 30 * HOUR);
    expect(await run(env)).toBe(0);
    expect(await sendCartReminders(env.db, null, env.clock.now)).toBe(0);
    await env.as(buyer).users.setCartReminders({ enabled: true });
    expect(await sendCartReminders(env.db, null, env.clock.now)).toBe(0);
    expect(await reminders(env)).toEqual([]);
    expect(await run(env)).toBe(1);
  });

  it('two job runs at once send one email', async () => {
    const { env, kurta, buyer } = await world();
    await env.as(buyer).cart.change({ productId: kurta.id, color: null, size: 'S', quantity: 1, mode: 'add' });
    later(env, 25 * HOUR);
    const counts = await Promise.all([run(env), run(env), run(env)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await reminders(env)).toHaveLength(1);
  });

  it("the email's stop link, signed for its address, switches cart reminders off (and on again) without signing in", async () => {
    const { env, kurta, buyer } = await world();
    await env.inLanguage('ur', buyer).cart.change({ productId: kurta.id, color: null, size: 'M', quantity: 1, mode: 'add' });
    later(env, 25 * HOUR);
    expect(await run(env)).toBe(1);
    const [email] = await reminders(env);
    expect(email!.unsubscribe_url).toMatch(/^https:\/\/shop\.example\.test\/ur\/email-updates\?about=cart-reminders&email=amna%40example\.test&token=/);
    expect(email!.text_body).toContain(email!.unsubscribe_url);
    const url = new URL(email!.unsubscribe_url!);
    const link = { email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };

    expect(await env.as(null).cartReminders.check(link)).toEqual({ valid: true, enabled: true });
    expect(await env.as(null).cartReminders.check({ ...link, email: 'other@example.test' })).toEqual({ valid: false });
    // An order-updates signature for the same address does not switch these.
    expect(await env.as(null).cartReminders.check({ ...link, token: link.token.slice(1) + 'A' })).toEqual({ valid: false });
    expect((await failure(env.as(null).cartReminders.set({ ...link, email: 'other@example.test', enabled: false }))).message).toBe(
      'This link is not valid. Open it again from the email.',
    );
    expect((await env.as(buyer).auth.me())?.cartReminders).toBe(true);

    await env.as(null).cartReminders.set({ ...link, enabled: false });
    expect((await env.as(buyer).auth.me())?.cartReminders).toBe(false);
    expect(await env.as(null).cartReminders.check(link)).toEqual({ valid: true, enabled: false });
    await env.as(buyer).cart.change({ productId: kurta.id, color: null, size: 'S', quantity: 1, mode: 'add' });
    later(env, 25 * HOUR);
    expect(await run(env)).toBe(0);
    await env.as(null).cartReminders.set({ ...link, enabled: true });
    expect((await env.as(buyer).auth.me())?.cartReminders).toBe(true);
  });

  it("the mail program's one-click unsubscribe (List-Unsubscribe) switches them off; a forged address is refused", async () => {
    const { env, kurta, buyer } = await world();
    await env.as(buyer).cart.change({ productId: kurta.id, color: null, size: 'M', quantity: 1, mode: 'add' });
    later(env, 25 * HOUR);
    await run(env);
    const [email] = await reminders(env);
    server = await startTestServer({}, env);
    const post = (url: URL) => oneClickUnsubscribe(server!.port, url);
    const url = new URL(email!.unsubscribe_url!);
    const forged = new URL(url);
    forged.searchParams.set('email', 'other@example.test');
    expect((await post(forged)).status).toBe(400);
    expect((await env.as(buyer).auth.me())?.cartReminders).toBe(true);
    expect((await post(url)).status).toBe(200);
    expect((await env.as(buyer).auth.me())?.cartReminders).toBe(false);
  });

  it('never to a suspended account', async () => {
    const { env, kurta, buyer } = await world();
    await env.as(buyer).cart.change({ productId: kurta.id, color: null, size: 'M', quantity: 1, mode: 'add' });
    await env.db.updateTable('users').set({ suspended_at: env.clock.now.toISOString(), suspension_reason: 'Fake orders' }).where('id', '=', buyer).execute();
    later(env, 25 * HOUR);
    expect(await run(env)).toBe(0);
    await env.db.updateTable('users').set({ suspended_at: null, suspension_reason: null }).where('id', '=', buyer).execute();
    expect(await run(env)).toBe(1);
  });

  it('carts already reminded of do not crowd out the others: each run looks only at carts changed since their last look', async () => {
    const { env, kurta } = await world();
    const buyers = [];
    for (let i = 0; i < 3; i += 1) buyers.push(await createUser(env, { roles: ['buyer'], email: `buyer${i}@example.test` }));
    for (const b of buyers.slice(0, 2)) await env.as(b).cart.change({ productId: kurta.id, color: null, size: 'M', quantity: 1, mode: 'add' });
    later(env, 25 * HOUR);
    expect(await sendCartReminders(env.db, MAIL, env.clock.now, { perRun: 2 })).toBe(2);
    // The third buyer's cart arrives; the first two, reminded, must not fill the run's two places.
    await env.as(buyers[2]!).cart.change({ productId: kurta.id, color: null, size: 'M', quantity: 1, mode: 'add' });
    later(env, 25 * HOUR);
    expect(await sendCartReminders(env.db, MAIL, env.clock.now, { perRun: 2 })).toBe(1);
    expect((await reminders(env)).map((e) => e.to_address)).toEqual(['buyer0@example.test', 'buyer1@example.test', 'buyer2@example.test']);
    // The same contents written again (removed, then added back): looked at once more, not reminded again.
    await env.as(buyers[0]!).cart.change({ productId: kurta.id, color: null, size: 'M', quantity: 0, mode: 'set' });
    await env.as(buyers[0]!).cart.change({ productId: kurta.id, color: null, size: 'M', quantity: 1, mode: 'add' });
    later(env, 25 * HOUR);
    expect(await sendCartReminders(env.db, MAIL, env.clock.now, { perRun: 2 })).toBe(0);
    expect(await env.db.selectFrom('carts').select('user_id').where((eb) => eb('looked_at', 'is', null).or('looked_at', '<>', eb.ref('updated_at'))).execute()).toEqual([]);
  });
});
