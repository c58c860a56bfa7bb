// A reminder for a forgotten cart (issue 50 part 5): one email 24 hours after the cart's last change,
// once per contents, never after an order, never when switched off or without mail, and one however many
// job runs race; in the language the cart was last written in. Both engines.
import { describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { sendCartReminders } from './cart-reminders.service';

const HOUR = 3_600_000;
const MAIL = { publicUrl: 'https://shop.example.test', linkKey: 'test-email-link-key' };
const later = (env: TestEnv, ms: number) => (env.clock.now = new Date(env.clock.now.getTime() + ms));
const reminders = (env: TestEnv) =>
  env.db.selectFrom('outbox').select(['to_address', 'language', 'subject', 'text_body']).where('kind', '=', 'cart-reminder').orderBy('id').execute();
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
});
