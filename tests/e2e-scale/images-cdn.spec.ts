import type { Page } from '@playwright/test';
import { pngFile } from '../e2e/shopkeeper-fixtures';
import { toast } from '../e2e/fixtures';
import { expect, loadShop, newPerson, shopkeeperSession, stack, test } from './scale-fixtures';

// Issue 23: with S3_PUBLIC_URL on another origin (a CDN), every uploaded image on the public pages and
// the shop's product list loads in the browser, and the Content-Security-Policy blocks none of them.

/** The console's Content-Security-Policy violations, from the moment this is called. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** Every uploaded image of the page, once each has had its chance to load (lazy ones scrolled into view). */
async function uploadedImages(page: Page): Promise<Array<{ src: string; naturalWidth: number }>> {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  return page.evaluate((imagesUrl) =>
    [...document.images]
      .filter((img) => img.currentSrc.startsWith(`${imagesUrl}/`) || new URL(img.currentSrc, location.href).pathname.startsWith('/uploads/'))
      .map((img) => ({ src: img.currentSrc, naturalWidth: img.naturalWidth })),
  stack().imagesUrl);
}

test('every uploaded image loads from the public bucket URL, with no CSP violation', async ({ browser, page }) => {
  const shop = loadShop();
  // The shop gets a logo and a cover, so /shops and the storefront show uploads too.
  const keeper = await newPerson(browser, { storageState: shopkeeperSession() });
  const keeperViolations = cspViolations(keeper.page);
  await keeper.page.goto('/shop/settings');
  await keeper.page.getByLabel('Upload logo').setInputFiles(await pngFile('logo.png', '#1477c8'));
  await expect(keeper.page.getByRole('img', { name: 'Logo preview' })).toBeVisible({ timeout: 15_000 });
  await keeper.page.getByLabel('Upload cover image').setInputFiles(await pngFile('cover.png', '#0d7a6f'));
  await expect(keeper.page.getByRole('img', { name: 'Cover Image preview' })).toBeVisible({ timeout: 15_000 });
  await keeper.page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(keeper.page, /saved|updated/i)).toBeVisible();

  // The shop's own product list, signed in.
  await keeper.page.goto('/shop/products');
  await expect(keeper.page.getByRole('listitem').filter({ hasText: shop.productName })).toBeVisible();
  const listed = await uploadedImages(keeper.page);
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.filter((i) => i.naturalWidth === 0 || !i.src.startsWith(`${stack().imagesUrl}/`))).toEqual([]);
  expect(keeperViolations).toEqual([]);
  await keeper.context.close();

  const violations = cspViolations(page);
  for (const path of ['/browse', `/product/${shop.productSlug}`, '/shops', `/shop/${shop.shopSlug}`]) {
    await page.goto(path);
    const images = await uploadedImages(page);
    expect(images.length, `${path} shows uploaded images`).toBeGreaterThan(0);
    expect(images.filter((i) => i.naturalWidth === 0), `${path}: images that did not load`).toEqual([]);
    expect(images.filter((i) => !i.src.startsWith(`${stack().imagesUrl}/`)), `${path}: images not named at the public URL`).toEqual([]);
  }
  expect(violations).toEqual([]);
});
