import { expect, type Page, test } from '@playwright/test';
import { createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { createAccount, shotAtBothWidths, signInViaUi } from './fixtures';

// Issue 50: buyers come back. Saved products: a guest saves two products, signs in, and finds them on
// /saved (with the price that dropped meanwhile); the heart on a card and /saved in English and Urdu.

async function twoProducts() {
  const env = e2eEnv();
  const tag = `${Date.now() % 1_000_000}`;
  const shop = await createShop(env, { name: `Lawn House ${tag}`, currency: 'PKR' });
  const kurta = await createProduct(env, shop, { name: `Kurta ${tag}`, price: 150_000, stock: 5, images: 1 });
  const dupatta = await createProduct(env, shop, { name: `Dupatta ${tag}`, price: 80_000, stock: 5, images: 1 });
  return { tag, shop, kurta, dupatta };
}

/** A button's name: its visible label, then the product's name for screen readers. */
function named(label: string, product: string): RegExp {
  return new RegExp(`^${label}\\W+${product}$`);
}

/** The page now, at 375 px and at 1280 px (the flow walks at 375 px). */
async function shot(page: Page, name: string) {
  await shotAtBothWidths(page, (width) => test.info().outputPath(`${width}-${name}.png`));
}

// Walked once at 375 px (the buyers' phones); each screen also looked at at 1280 px, where the top
// bar's navigation leads to /saved.
test('a guest saves two products, signs in, and finds them on /saved @phone', async ({ page }) => {
  // A whole flow in two browsers: sign-ins, four pages, two languages.
  test.setTimeout(120_000);
  const { tag, kurta, dupatta } = await twoProducts();
  const buyer = await createAccount({ roles: ['buyer'], fullName: 'Sana Iqbal' });

  // From a card of /browse (server-rendered) and from the product page.
  await page.goto(`/browse?q=${tag}`);
  const heart = page.getByRole('button', { name: named('Save', kurta.name) });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toBeEnabled();
  await heart.click();
  const pressed = page.getByRole('button', { name: named('Saved', kurta.name) });
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'card-heart');
  await page.goto(`/ur/browse?q=${tag}`);
  await expect(page.getByRole('button', { name: named('محفوظ شدہ', kurta.name) })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'card-heart-ur');

  await page.goto(`/product/${dupatta.slug}`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // A guest's /saved reads from this browser; on a phone the top bar's "Saved" leads there (a guest has no /settings).
  await page.getByRole('banner').getByRole('link', { name: 'Saved', exact: true }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('list', { name: 'Saved products' }).getByRole('article')).toHaveCount(2);
  await expect(page.getByText('Saved on this device only.')).toBeVisible();

  // The kurta's price drops while the buyer is away.
  await e2eEnv().db.updateTable('products').set({ selling_price: 120_000 }).where('id', '=', kurta.id).execute();

  await signInViaUi(page, buyer.email, buyer.password);
  await expect(page).not.toHaveURL(/\/auth/);
  // The phone's bottom bar keeps the spec's five: /settings leads there too.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Saved products' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  const list = page.getByRole('list', { name: 'Saved products' });
  await expect(list.getByRole('article')).toHaveCount(2);
  await expect(list.getByRole('article').filter({ hasText: kurta.name })).toContainText('Price dropped from');
  await expect(list.getByRole('button', { name: named('Add to Cart', dupatta.name) })).toBeVisible();
  await expect(page.getByText('Saved on this device only.')).toHaveCount(0);
  await shot(page, 'saved');
  // At 1280 px the top bar's navigation has it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/browse');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await page.setViewportSize({ width: 375, height: 812 });

  // Another browser signed in as the same buyer finds the same list: it is the account's now.
  const other = await page.context().browser()!.newContext({ viewport: page.viewportSize()! });
  const second = await other.newPage();
  await signInViaUi(second, buyer.email, buyer.password);
  await expect(second).not.toHaveURL(/\/auth/);
  await second.goto('/ur/saved');
  await expect(second.getByRole('list', { name: 'محفوظ شدہ پروڈکٹس' }).getByRole('article')).toHaveCount(2);
  await expect(second.getByText('سے کم ہو گئی')).toBeVisible();
  await shot(second, 'saved-ur');
  await other.close();

  // Signing out leaves nothing of the account on a shared phone.
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth/);
  expect(await page.evaluate(() => localStorage.getItem('saved'))).toBe(JSON.stringify({ owner: null, entries: [] }));
});

test('a cart filled in one browser appears in another signed in as the same buyer, and a change there comes back @phone', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { kurta, dupatta } = await twoProducts();
  const buyer = await createAccount({ roles: ['buyer'], fullName: 'Hina Raza' });
  // A guest's cart, then the sign-in that merges it into the account's.
  await page.goto(`/product/${kurta.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('1');
  // The sign-in's merge reaches the server, but its answer never reaches the page (a page left at once, a
  // dropped connection): the next page sends the same guest cart again, which must not add it twice.
  let merges = 0;
  await page.route('**/api/trpc/*cart.merge*', async (route) => {
    merges += 1;
    await route.fetch();
    // Under load the page may have left first, cancelling the request itself: the answer is lost either way.
    await route.abort('connectionreset').catch(() => undefined);
  });
  await signInViaUi(page, buyer.email, buyer.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await expect.poll(() => merges).toBe(1);
  await page.unroute('**/api/trpc/*cart.merge*');
  // At once on the next page, a tap on Add to Cart while that page's merge is on its way is kept too.
  await page.goto(`/product/${dupatta.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count').first()).toHaveText('2');
  await page.goto('/cart');
  await expect(page.getByRole('group', { name: new RegExp(kurta.name) }).getByLabel('Quantity', { exact: true })).toHaveText('1');
  await expect(page.getByTestId('cart-count').first()).toHaveText('2');

  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const laptop = await other.newPage();
  await signInViaUi(laptop, buyer.email, buyer.password);
  await expect(laptop).not.toHaveURL(/\/auth/);
  await laptop.goto('/cart');
  await expect(laptop.getByText(kurta.name)).toBeVisible();
  await expect(laptop.getByText(dupatta.name)).toBeVisible();
  await laptop.getByRole('button', { name: `Remove ${kurta.name}` }).click();
  await expect(laptop.getByText(kurta.name)).toHaveCount(0);
  await other.close();

  // Back on the phone: the next load shows the laptop's change.
  await page.goto('/cart');
  await expect(page.getByText(dupatta.name)).toBeVisible();
  await expect(page.getByText(kurta.name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth/);
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
});
