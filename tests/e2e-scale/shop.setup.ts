import { signUpViaUi, toast, uniqueEmail } from '../e2e/fixtures';
import { pngFile } from '../e2e/shopkeeper-fixtures';
import { expect, saveShop, shopkeeperSession, stack, test } from './scale-fixtures';

// The setup project of playwright.scale.config.ts: the flows in scale.spec.ts buy from this shop.

test("a shopkeeper signs up, creates a shop and a product with images, loaded from the bucket's public URL", async ({ page, request }) => {
  const ownerEmail = uniqueEmail('keeper');
  await signUpViaUi(page, ownerEmail, 'Sana Seller');
  await expect(toast(page, 'Account created! Redirecting to role selection...')).toBeVisible();
  await expect(page).toHaveURL(/\/role-selection$/);
  await page.getByRole('button', { name: 'Continue as Shopkeeper' }).click();
  await expect(toast(page, "Welcome! You're now a shopkeeper.")).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/create$/);

  const shopName = 'Scale Fabrics';
  await page.getByLabel('Shop Name').fill(shopName);
  const shopSlug = await page.getByLabel('Shop URL').inputValue();
  expect(shopSlug).toBe('scale-fabrics');
  await page.getByLabel('WhatsApp Number').fill('+92 300 1234567');
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByRole('button', { name: 'Create Shop' }).click();
  await expect(toast(page, 'Shop created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: shopName })).toBeVisible();

  // The images go to one instance (upload) and the product to whichever the balancer picks next.
  const productName = 'Lawn Kurta';
  await page.getByRole('link', { name: 'Add Product' }).first().click();
  await expect(page).toHaveURL(/\/shop\/products\/create$/);
  await page.getByLabel('Product Name').fill(productName);
  await page.getByLabel('Brand').fill('Sana');
  await page.getByLabel('Add images').setInputFiles([await pngFile('red.png', '#cc0000'), await pngFile('blue.png', '#0000cc')]);
  await expect(page.getByRole('img', { name: 'Product image 2' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Selling Price').fill('40');
  await page.getByLabel('Stock').fill('50');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Product created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/products$/);
  const row = page.getByRole('listitem').filter({ hasText: productName });
  await expect(row).toContainText('$40.00');
  await expect(row).toContainText('Stock: 50');
  await expect(row.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);

  // It shows in the catalog; its page's picture comes from the bucket, through nginx.
  await page.context().storageState({ path: shopkeeperSession() });
  await page.goto('/browse');
  await page.getByLabel('Search products').fill(productName);
  await page.getByRole('list', { name: 'Products' }).getByRole('link', { name: productName }).click();
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+$/);
  const productSlug = new URL(page.url()).pathname.split('/').pop()!;
  const picture = page.getByRole('img', { name: productName });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The page names the image at the bucket's public URL (S3_PUBLIC_URL, another origin): no redirect per image.
  const src = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(src.startsWith(`${stack().imagesUrl}/`), src).toBe(true);
  const fromBucket = await request.get(src);
  expect(fromBucket.status()).toBe(200);
  expect(fromBucket.headers()['content-type']).toBe('image/webp');
  // Old /uploads/ links still work: each instance, and the balancer, sends them to the same object.
  const uploadsPath = `/uploads/${src.slice(stack().imagesUrl.length + 1)}`;
  for (const origin of [stack().balancerUrl, ...stack().instanceUrls]) {
    const moved = await request.get(`${origin}${uploadsPath}`, { maxRedirects: 0 });
    expect(moved.status(), `${origin}${uploadsPath}`).toBe(301);
    expect(moved.headers().location).toBe(src);
  }

  saveShop({ ownerEmail, shopName, shopSlug, productName, productSlug });
});
