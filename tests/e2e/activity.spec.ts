import { expect, test } from '@playwright/test';
import { e2eEnv } from './e2e-db';
import { seedShop, signInAsAdmin, uniqueName } from './admin-fixtures';
import { ADMIN, shotAtBothWidths, toast } from './fixtures';

// The activity log (issue 49), walked once at 1280 px (an admin's screen), each of its screens seen at
// 375 and 1280 px: an admin deactivates a shop on /admin/shops, and /admin/activity lists it, naming the
// admin, the shop and what changed; the filters narrow it, in English and Urdu.

test(`an admin's action appears on /admin/activity with the admin's name`, async ({ page }, testInfo) => {
  const shop = await seedShop({ shopName: uniqueName('Activity Shop'), products: [{ name: uniqueName('Shawl') }] });
  const { full_name: adminName } = await e2eEnv()
    .db.selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select('profiles.full_name')
    .where('users.email', '=', ADMIN.email)
    .executeTakeFirstOrThrow();

  await signInAsAdmin(page);
  await page.goto('/admin/shops');
  await page.getByLabel('Search shops').fill(shop.name);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: shop.name }) });
  await card.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Shop deactivated successfully')).toBeVisible();

  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: /Activity/ }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await page.getByLabel('Thing').fill(shop.name);
  await page.getByLabel('Kind').selectOption({ label: 'Shops' });
  await page.getByRole('button', { name: 'Apply' }).click();
  const entry = page.getByRole('article', { name: 'Deactivated the shop' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(shop.name);
  await expect(entry).toContainText(`${adminName} · Admin`);
  await expect(entry).toContainText('active: true → false');
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`${width}-activity.png`));

  // A range that ends before it starts is refused with the server's message, and nothing else changes.
  await page.getByLabel('From').fill('2026-06-02');
  await page.getByLabel('To').fill('2026-06-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toContainText('The end date cannot be before the start date');

  await page.goto('/ur/admin/activity');
  await expect(page.getByRole('article', { name: 'دکان غیر فعال کی' }).first()).toBeVisible();
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`${width}-activity-ur.png`));
});
