import { expect, test } from '@playwright/test';
import { seedShop } from './admin-fixtures';
import { e2eEnv } from './e2e-db';
import { createAccount, shotAtBothWidths, signInViaApi } from './fixtures';

// Following a shop (issue 50): a buyer follows a shop from its card on /shops ("Follow", pressed
// "Following"), sees it followed on the storefront, finds it on /following (from /settings) with its
// newest products, in both languages, and unfollows it there; the shop's owner sees no
// Follow on their own storefront or card and counts the follower on the dashboard. A guest sees none.
// Walked once at 375 px; each screen looked at at 1280 px too.
test('a buyer follows a shop and finds it on /following; the owner counts the follower @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const shop = await seedShop({ currency: 'PKR', products: [{ name: 'Ajrak Shawl' }, { name: 'Sindhi Topi' }] });
  const { db } = e2eEnv();
  const { owner_id: ownerId } = await db.selectFrom('shops').select('owner_id').where('id', '=', shop.shopId).executeTakeFirstOrThrow();
  await db.updateTable('profiles').set({ is_pro: 1 }).where('user_id', '=', ownerId).execute();
  const buyer = await createAccount({ roles: ['buyer'] });

  // A guest sees no Follow, on the storefront or on the shop's card.
  await page.goto(`/shop/${shop.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  const shops = page.getByRole('list', { name: 'Shops' });
  const card = shops.getByRole('listitem').filter({ has: page.getByRole('link', { name: shop.name }) });
  await page.goto(`/shops?q=${encodeURIComponent(shop.name)}`);
  await expect(card).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);

  // Signed in, the buyer follows it from its card; the card's link still leads to the storefront.
  await signInViaApi(page, buyer.email, buyer.password);
  await page.goto(`/shops?q=${encodeURIComponent(shop.name)}`);
  const follow = card.getByRole('button', { name: new RegExp(`^Follow\\W+${shop.name}$`) });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  const following = (within: typeof page | typeof card) => within.getByRole('button', { name: new RegExp(`^Following\\W+${shop.name}$`) });
  await expect(following(card)).toHaveAttribute('aria-pressed', 'true');
  await expect(following(card)).toHaveText(/^Following/);
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`shops-following-${width}.png`));
  await page.goto(`/ur/shops?q=${encodeURIComponent(shop.name)}`);
  await expect(page.getByRole('button', { name: new RegExp(`^فالو کر رہے ہیں\\W+${shop.name}$`) })).toHaveAttribute('aria-pressed', 'true');
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`shops-following-ur-${width}.png`));
  await page.goto(`/shops?q=${encodeURIComponent(shop.name)}`);
  await card.getByRole('link', { name: shop.name }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${shop.slug}$`));
  await expect(following(page)).toHaveAttribute('aria-pressed', 'true');
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`storefront-following-${width}.png`));

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Shops you follow' }).click();
  await expect(page).toHaveURL(/\/following$/);
  const listed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: shop.name }) });
  await expect(listed.getByRole('article')).toHaveCount(2);
  await expect(listed).toContainText('Ajrak Shawl');
  // Each card has its heart, as on /browse.
  await expect(listed.getByRole('button', { name: /^Save/ })).toHaveCount(2);
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`following-${width}.png`));
  await page.goto('/ur/following');
  await expect(page.getByRole('heading', { level: 1, name: 'فالو کی گئی دکانیں' })).toBeVisible();
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`following-ur-${width}.png`));

  // The owner: no Follow on their own storefront; one follower on the dashboard.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const owner = await context.newPage();
  await signInViaApi(owner, shop.owner.email, shop.owner.password);
  await owner.goto(`/shop/${shop.slug}`);
  await expect(owner.getByRole('heading', { level: 1, name: shop.name })).toBeVisible();
  await expect(owner.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await owner.goto(`/shops?q=${encodeURIComponent(shop.name)}`);
  await expect(owner.getByRole('list', { name: 'Shops' }).getByRole('link', { name: shop.name })).toBeVisible();
  await expect(owner.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await owner.goto('/shop/dashboard');
  await expect(owner.getByText('Followers')).toBeVisible();
  await context.close();

  // Unfollowing, from /following itself, takes it off the list.
  await page.goto('/following');
  await page.getByRole('button', { name: new RegExp(`^Following\\W+${shop.name}$`) }).click();
  await expect(page.getByText('You follow no shops yet')).toBeVisible();
  await page.goto(`/shop/${shop.slug}`);
  await expect(page.getByRole('button', { name: new RegExp(`^Follow\\W+${shop.name}$`) })).toHaveAttribute('aria-pressed', 'false');
});
