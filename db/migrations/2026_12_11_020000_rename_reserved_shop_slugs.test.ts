import { expect, it } from 'vitest';
import { createShop } from '../../src/server/testing/factories';
import { createTestEnv } from '../../src/server/testing/test-app';
import { up } from './2026_12_11_020000_rename_reserved_shop_slugs';

it('moves a shop whose slug became a shopkeeper screen (staff, billing) to a slug of its own, and no other', async () => {
  const env = createTestEnv();
  // As they could be before the words were reserved (the factory's schema refuses them now).
  const staff = await createShop(env, { slug: 'old-staff' });
  const billing = await createShop(env, { slug: 'old-billing' });
  for (const [shop, slug] of [[staff, 'staff'], [billing, 'billing']] as const) await env.db.updateTable('shops').set({ slug }).where('id', '=', shop.id).execute();
  const taken = await createShop(env, { slug: `billing-shop-${billing.id}` });
  const other = await createShop(env, { slug: 'staffing' });
  await up(env.db);
  const slugs = Object.fromEntries((await env.db.selectFrom('shops').select(['id', 'slug']).execute()).map((s) => [s.id, s.slug]));
  expect(slugs[staff.id]).toBe(`staff-shop-${staff.id}`);
  expect(slugs[billing.id]).toBe(`billing-shop-${billing.id}-2`);
  expect(slugs[taken.id]).toBe(`billing-shop-${billing.id}`);
  expect(slugs[other.id]).toBe('staffing');
  await env.db.destroy();
});
