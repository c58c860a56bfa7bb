import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createShop, createSlider, createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

// Every admin action is in the activity log exactly once, with who did it and the fields before and
// after (issue 49): shops, products and sliders activated, deactivated or deleted, Pro and the admin
// role, reset links; a repeat that changes nothing writes nothing; /admin/activity's filters.

let env: TestEnv;
let admin: number;

beforeAll(async () => {
  env = createTestEnv();
  admin = await createUser(env, { roles: ['admin'], fullName: 'Admin Ayesha' });
});
afterAll(async () => {
  await env.db.destroy();
});

const list = (input: Parameters<ReturnType<TestEnv['as']>['activity']['list']>[0] = {}) => env.as(admin).activity.list(input);

describe('the admin actions in the activity log', () => {
  it('records each action once, naming the admin, the thing and the fields before and after', async () => {
    const shop = await createShop(env, { name: 'Zari House' });
    const product = await createProduct(env, shop, { name: 'Zari Clutch' });
    const { id: sliderId } = await createSlider(env, { admin, title: 'Eid sale' });
    const keeper = shop.ownerId;
    const caller = env.as(admin);

    await caller.admin.setShopActive({ id: shop.id, isActive: false });
    await caller.admin.setShopActive({ id: shop.id, isActive: false }); // nothing changes: nothing logged
    await caller.admin.setProductActive({ id: product.id, isActive: false });
    await caller.admin.setPro({ userId: keeper, isPro: true });
    await caller.admin.setAdmin({ userId: keeper, isAdmin: true });
    await caller.admin.resetLink({ userId: keeper });
    await caller.sliders.setActive({ id: sliderId, isActive: false });
    await caller.sliders.delete({ id: sliderId });
    await caller.admin.deleteProduct({ id: product.id });
    await caller.admin.deleteShop({ id: shop.id });

    const { items } = await list();
    expect(items.map((e) => e.action)).toEqual([
      'shop.deleted',
      'product.deleted',
      'slider.deleted',
      'slider.deactivated',
      'user.reset_link_issued',
      'user.admin_granted',
      'user.pro_enabled',
      'product.deactivated',
      'shop.deactivated',
    ]);
    expect(items.every((e) => e.actor.name === 'Admin Ayesha' && e.actor.role === 'admin')).toBe(true);
    const deactivated = items.find((e) => e.action === 'shop.deactivated')!;
    expect(deactivated.subject).toEqual({ type: 'shop', id: String(shop.id), label: 'Zari House' });
    expect(deactivated.changes).toEqual([{ field: 'active', before: 'true', after: 'false' }]);
    expect(items.find((e) => e.action === 'user.pro_enabled')!.changes).toEqual([{ field: 'is_pro', before: 'false', after: 'true' }]);
    // The reset link is named, never its token.
    expect(JSON.stringify(items.find((e) => e.action === 'user.reset_link_issued'))).not.toMatch(/token|reset-password/);
  });

  it('a refused action writes nothing', async () => {
    const before = (await list()).items.length;
    await expect(env.as(admin).admin.setShopActive({ id: 999_999, isActive: false })).rejects.toThrow('Shop not found');
    await expect(env.as(admin).admin.deleteProduct({ id: 999_999 })).rejects.toThrow('Product not found');
    expect((await list()).items.length).toBe(before);
  });

  it('filters by who, kind, thing and days, and pages newest first', async () => {
    expect((await list({ kind: 'slider' })).items.map((e) => e.action)).toEqual(['slider.deleted', 'slider.deactivated']);
    expect((await list({ thing: 'zari clutch' })).items.map((e) => e.action)).toEqual(['product.deleted', 'product.deactivated']);
    expect((await list({ who: 'ayesha' })).items.length).toBeGreaterThan(0);
    expect((await list({ who: 'nobody like this' })).items).toEqual([]);
    const today = env.clock.now.toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).items.length).toBeGreaterThan(0);
    expect((await list({ from: '2020-01-01', to: '2020-01-02' })).items).toEqual([]);
    const first = await list({ limit: 4 });
    expect(first.items).toHaveLength(4);
    const second = await list({ limit: 4, cursor: first.nextCursor });
    expect(second.items[0]!.id).toBeLessThan(first.items[3]!.id);
  });

  it('refuses a date range that ends before it starts', async () => {
    await expect(list({ from: '2026-06-02', to: '2026-06-01' })).rejects.toThrow('The end date cannot be before the start date');
    await expect(list({ kind: 'nonsense' as never })).rejects.toThrow('Unknown kind of activity');
  });
});
