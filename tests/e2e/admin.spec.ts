import { type Browser, expect, type Page, test } from '@playwright/test';
import { bannerPng, largePng, seedShop, signInAsAdmin, uniqueName } from './admin-fixtures';
import { expireTrial } from './e2e-db';
import { signedInAs, signInViaApi, toast } from './fixtures';

/** A guest's view of /browse, searching for one product name. */
async function guestBrowse(browser: Browser, productName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/browse');
  await page.getByLabel('Search products').fill(productName);
  return { page, close: () => context.close() };
}

async function productCard(page: Page, name: string) {
  return page.getByRole('list', { name: 'Products' }).getByText(name, { exact: true });
}

test.describe('admin access', () => {
  test('guests and buyers are sent from /admin/* to /browse, and admin procedures refuse them', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/browse$/);
    await signedInAs(page, 'buyer');
    for (const path of ['/admin/dashboard', '/admin/users', '/admin/shops', '/admin/products', '/admin/sliders']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/browse$/);
    }
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    const response = await page.request.get('/api/trpc/admin.stats');
    expect(response.status()).toBe(403);
  });

  test('the dashboard shows the four counts with links to each screen', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/browse');
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    for (const [label, path] of [
      ['Total Shops', '/admin/shops'],
      ['Total Products', '/admin/products'],
      ['Total Users', '/admin/users'],
      ['Active Sliders', '/admin/sliders'],
    ] as const) {
      const link = page.getByRole('link', { name: new RegExp(label) });
      await expect(link).toHaveAttribute('href', path);
      await expect(link).toContainText(/\d/);
    }
    await page.getByRole('link', { name: /Total Users/ }).click();
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  });
});

test.describe('moderating shops and products', () => {
  test('deactivating a shop hides its products from /browse for a guest; reactivating shows them again', async ({ page, browser }) => {
    const shop = await seedShop({ products: [{ name: uniqueName('Lantern') }] });
    const productName = shop.products[0]!.name;

    const guest = await guestBrowse(browser, productName);
    await expect(await productCard(guest.page, productName)).toBeVisible();

    await signInAsAdmin(page);
    await page.goto('/admin/shops');
    await page.getByLabel('Search shops').fill(shop.name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: shop.name }) });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText(`${shop.name} sells test goods.`)).toBeVisible();
    await expect(card.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/shop/${shop.slug}`);
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, 'Shop deactivated successfully')).toBeVisible();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

    await guest.page.reload();
    await guest.page.getByLabel('Search products').fill(productName);
    await expect(guest.page.getByText('No products found')).toBeVisible();

    await card.getByRole('button', { name: 'Activate' }).click();
    await expect(toast(page, 'Shop activated successfully')).toBeVisible();
    await guest.page.reload();
    await guest.page.getByLabel('Search products').fill(productName);
    await expect(await productCard(guest.page, productName)).toBeVisible();
    await guest.close();
  });

  test("a takedown is the admin's own: the owner sees \"Hidden by an administrator\" and cannot make it public", async ({ page, browser }) => {
    // A whole flow in three browsers (admin, owner, guest): 20 s alone, past 45 s in a loaded full run.
    test.setTimeout(90_000);
    const shop = await seedShop({ products: [{ name: uniqueName('Banned Bowl') }] });
    const product = shop.products[0]!;
    await signInAsAdmin(page);
    await page.goto('/admin/products');
    await page.getByLabel('Search products').fill(product.name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.name }) });
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, 'Product deactivated successfully')).toBeVisible();

    // The owner's own switch is theirs, but it does not lift the takedown.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInViaApi(owner, shop.owner.email, shop.owner.password);
    await owner.goto('/shop/products');
    const row = owner.getByRole('listitem').filter({ hasText: product.name });
    await expect(row.getByText('Hidden by an administrator')).toBeVisible();
    // No green "Active" status beside it: the only "Active" left is the owner's switch label.
    await expect(row.getByText('Active', { exact: true })).toHaveCount(1);
    await expect(row.locator('label').getByText('Active', { exact: true })).toHaveCount(1);
    const toggle = row.getByRole('switch', { name: `${product.name} active` });
    await toggle.click();
    await expect(toast(owner, 'Product deactivated successfully')).toBeVisible();
    await toggle.click();
    await expect(toast(owner, 'Product activated, but buyers still cannot see it: it is hidden by an administrator')).toBeVisible();
    await owner.goto(`/shop/products/edit/${product.id}`);
    await expect(owner.getByRole('status').filter({ hasText: 'Hidden by an administrator.' })).toBeVisible();
    await owner.goto(`/product/${product.slug}`);
    await expect(owner.getByRole('note')).toContainText('Hidden by an administrator');
    // Only what buyers can see can be reviewed: no form the server would refuse.
    await expect(owner.getByRole('heading', { name: 'Reviews' }).first()).toBeVisible();
    await expect(owner.getByRole('heading', { name: 'Write a Review' })).toHaveCount(0);

    const guest = await guestBrowse(browser, product.name);
    await expect(guest.page.getByText('No products found')).toBeVisible();

    // A shop taken down is told on its dashboard.
    await page.goto('/admin/shops');
    await page.getByLabel('Search shops').fill(shop.name);
    const shopCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: shop.name }) });
    await shopCard.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, 'Shop deactivated successfully')).toBeVisible();
    await owner.goto('/shop/dashboard');
    await expect(owner.getByRole('status').filter({ hasText: 'Hidden by an administrator.' })).toContainText('Buyers cannot see your shop');
    await owner.goto(`/shop/${shop.slug}`);
    await expect(owner.getByRole('note')).toContainText('Hidden by an administrator');

    // Only an admin lifts them.
    await shopCard.getByRole('button', { name: 'Activate' }).click();
    await expect(toast(page, 'Shop activated successfully')).toBeVisible();
    await page.goto('/admin/products');
    await page.getByLabel('Search products').fill(product.name);
    await card.getByRole('button', { name: 'Activate' }).click();
    await expect(toast(page, 'Product activated successfully')).toBeVisible();
    await guest.page.reload();
    await guest.page.getByLabel('Search products').fill(product.name);
    await expect(await productCard(guest.page, product.name)).toBeVisible();
    await guest.close();
    await ownerContext.close();
  });

  test('products show the real price and stock; deactivate, reactivate and delete with confirmation', async ({ page }) => {
    const shop = await seedShop({ products: [{ name: uniqueName('Teapot'), price: 1999 }] });
    const name = shop.products[0]!.name;
    await signInAsAdmin(page);
    await page.goto('/admin/products');
    await page.getByLabel('Search products').fill(name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card.getByText('$19.99')).toBeVisible();
    await expect(card.getByText('Stock: 25 units')).toBeVisible();
    await expect(card.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/product/${shop.products[0]!.slug}`);

    await card.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, 'Product deactivated successfully')).toBeVisible();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Activate' }).click();
    await expect(toast(page, 'Product activated successfully')).toBeVisible();

    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('Are you sure you want to delete this product?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Product deleted successfully')).toBeVisible();
    await expect(page.getByText('No products found')).toBeVisible();
  });

  test('deleting a shop asks first, removes it, and deleting it again says it is gone', async ({ page }) => {
    const shop = await seedShop();
    await signInAsAdmin(page);
    await page.goto('/admin/shops');
    await page.getByLabel('Search shops').fill(shop.name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: shop.name }) });
    await card.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByRole('alertdialog').getByText('Are you sure you want to delete this shop? This action cannot be undone.'),
    ).toBeVisible();
    // Another admin deletes it meanwhile.
    const response = await page.request.post('/api/trpc/admin.deleteShop', { data: { id: shop.shopId } });
    expect(response.ok()).toBeTruthy();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Failed to delete shop: Shop not found')).toBeVisible();
    await expect(page.getByText('No shops found')).toBeVisible();

    // The shop's products went with it.
    await page.goto('/admin/products');
    await page.getByLabel('Search products').fill(shop.products[0]!.name);
    await expect(page.getByText('No products found')).toBeVisible();
  });

  test('deleting a shop through the screen, by keyboard', async ({ page }) => {
    const shop = await seedShop();
    await signInAsAdmin(page);
    await page.goto('/admin/shops');
    await page.getByLabel('Search shops').fill(shop.name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: shop.name }) });
    const remove = card.getByRole('button', { name: 'Delete' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    // Escape cancels, and focus goes back to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    await expect(card).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // Focus stays inside the dialog while it is open.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Shop deleted successfully')).toBeVisible();
    await expect(page.getByText('No shops found')).toBeVisible();
  });
});

test.describe('users', () => {
  test('enabling pro lifts the trial-expired dialog of a shopkeeper', async ({ page, browser }) => {
    const shop = await seedShop();
    await expireTrial(shop.owner.email);

    const keeperContext = await browser.newContext();
    const keeper = await keeperContext.newPage();
    await signInViaApi(keeper, shop.owner.email, shop.owner.password);
    await keeper.goto('/shop/dashboard');
    await expect(keeper.getByRole('heading', { name: 'Free Trial Expired' })).toBeVisible();

    await signInAsAdmin(page);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(shop.owner.email);
    const card = page.getByRole('listitem').filter({ hasText: shop.owner.email });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Shopkeeper', { exact: true })).toBeVisible();
    await expect(card.getByText('Pro', { exact: true })).toHaveCount(0);
    await card.getByRole('button', { name: 'Enable Pro' }).click();
    await expect(toast(page, 'User pro status enabled')).toBeVisible();
    await expect(card.getByText('Pro', { exact: true })).toBeVisible();

    await keeper.reload();
    await expect(keeper.getByRole('heading', { name: shop.name })).toBeVisible();
    await expect(keeper.getByRole('heading', { name: 'Free Trial Expired' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Disable Pro' }).click();
    await expect(toast(page, 'User pro status disabled')).toBeVisible();
    await keeper.reload();
    await expect(keeper.getByRole('heading', { name: 'Free Trial Expired' })).toBeVisible();
    await keeperContext.close();
  });

  test('an admin grants and removes the admin role', async ({ page, browser }) => {
    const shop = await seedShop();
    await signInAsAdmin(page);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(shop.owner.email);
    const card = page.getByRole('listitem').filter({ hasText: shop.owner.email });
    await card.getByRole('button', { name: 'Make admin' }).click();
    await expect(toast(page, 'Admin role granted')).toBeVisible();
    await expect(card.getByText('Admin', { exact: true })).toBeVisible();

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInViaApi(otherPage, shop.owner.email, shop.owner.password);
    await otherPage.goto('/admin/dashboard');
    await expect(otherPage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    await card.getByRole('button', { name: 'Remove admin' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove admin' }).click();
    await expect(toast(page, 'Admin role removed')).toBeVisible();
    await otherPage.goto('/admin/dashboard');
    await expect(otherPage).toHaveURL(/\/browse$/);
    await other.close();
  });
});

test.describe('sliders', () => {
  test('an admin adds a slider with an uploaded image, sees it on /browse, deactivates and deletes it', async ({ page, browser }) => {
    const title = uniqueName('Summer Sale');
    await signInAsAdmin(page);
    await page.goto('/admin/sliders');
    await page.getByRole('button', { name: 'Add Slider' }).click();
    const form = page.getByRole('form', { name: 'Add Slider' });
    await expect(form.getByLabel('Redirect URL')).toHaveAttribute('placeholder', '/product/example');
    await expect(form.getByLabel('Display Order')).toHaveValue('0');
    const submit = form.getByRole('button', { name: 'Add Slider' });
    await expect(submit).toBeDisabled();

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Slider Image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await bannerPng() });
    await expect(toast(page, 'Image uploaded successfully')).toBeVisible();
    await expect(form.getByText('Image uploaded', { exact: true })).toBeVisible();
    await expect(form.getByRole('img', { name: 'Preview of the uploaded slider image' })).toBeVisible();
    await form.getByLabel('Redirect URL').fill('/shops');
    await form.getByLabel('Display Order').fill('3');
    await submit.click();
    await expect(toast(page, 'Slider added successfully')).toBeVisible();
    await expect(form).toHaveCount(0);

    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText('Order: 3')).toBeVisible();
    await expect(card.getByRole('img', { name: title })).toBeVisible();

    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto('/browse');
    const carousel = guest.getByRole('region', { name: 'Featured' });
    await expect(carousel.locator(`a[aria-label="${title}"]`)).toHaveCount(1);
    // Shown, its slide draws the uploaded image (a slide's image comes once the one before it has been shown).
    const slideLabel = await carousel.locator('[aria-roledescription="slide"]').filter({ has: guest.locator(`a[aria-label="${title}"]`) }).getAttribute('aria-label');
    const showIt = carousel.getByRole('button', { name: `Show banner ${slideLabel!.split(' of ')[0]}`, exact: true });
    if ((await showIt.count()) > 0) {
      await carousel.getByRole('button', { name: 'Pause banners' }).click();
      await showIt.click();
    }
    await expect(carousel.locator(`img[alt="${title}"]`)).toHaveJSProperty('complete', true);
    expect(await carousel.locator(`img[alt="${title}"]`).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Reordering keeps it listed with its new order.
    await card.getByRole('spinbutton', { name: 'Display Order' }).fill('1');
    await card.getByRole('button', { name: 'Save order' }).click();
    await expect(toast(page, 'Display order updated')).toBeVisible();
    await expect(card.getByText('Order: 1')).toBeVisible();

    await card.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, 'Slider deactivated successfully')).toBeVisible();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
    await guest.reload();
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guest.locator(`a[aria-label="${title}"]`)).toHaveCount(0);
    await card.getByRole('button', { name: 'Activate' }).click();
    await expect(toast(page, 'Slider activated successfully')).toBeVisible();

    await card.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog').getByText('Are you sure you want to delete this slider?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Slider deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
    await guest.reload();
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guest.locator(`a[aria-label="${title}"]`)).toHaveCount(0);
    await guestContext.close();
  });

  test('changing display order reorders the /browse carousel', async ({ page }) => {
    await signInAsAdmin(page);
    const first = uniqueName('Order First');
    const second = uniqueName('Order Second');
    for (const [title, displayOrder] of [[first, 40], [second, 41]] as const) {
      const upload = await page.request.post('/api/uploads', { multipart: { file: { name: 'b.png', mimeType: 'image/png', buffer: await bannerPng() } } });
      const { url } = (await upload.json()) as { url: string };
      const added = await page.request.post('/api/trpc/sliders.add', { data: { title, imageUrl: url, redirectUrl: '/browse', displayOrder } });
      expect(added.ok()).toBeTruthy();
    }
    const carouselOrder = async () => {
      await page.goto('/browse');
      const links = page.getByRole('region', { name: 'Featured' }).locator('[aria-roledescription="slide"] a');
      await expect(links.first()).toBeAttached();
      const labels = await links.evaluateAll((list) => list.map((a) => a.getAttribute('aria-label')));
      return [labels.indexOf(first), labels.indexOf(second)];
    };
    const [a, b] = await carouselOrder();
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThan(b!);

    await page.goto('/admin/sliders');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: first }) });
    await card.getByRole('spinbutton', { name: 'Display Order' }).fill('42');
    await card.getByRole('button', { name: 'Save order' }).click();
    await expect(toast(page, 'Display order updated')).toBeVisible();
    await expect(card.getByText('Order: 42')).toBeVisible();
    // Bad order values are refused with a message.
    await card.getByRole('spinbutton', { name: 'Display Order' }).fill('-3');
    await card.getByRole('button', { name: 'Save order' }).click();
    await expect(toast(page, 'Display order must be a whole number from 0 to 9999')).toBeVisible();

    const [a2, b2] = await carouselOrder();
    expect(b2).toBeGreaterThanOrEqual(0);
    expect(b2).toBeLessThan(a2!);

    // Clean up, so other carousels stay short.
    await page.goto('/admin/sliders');
    for (const title of [first, second]) {
      const c = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
      await c.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(c).toHaveCount(0);
    }
  });

  test('bad slider input gets clear messages and adds nothing', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/sliders');
    await page.getByRole('button', { name: 'Add Slider' }).click();
    const form = page.getByRole('form', { name: 'Add Slider' });
    const image = form.getByLabel('Slider Image');

    await image.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(toast(page, 'Please upload an image file')).toBeVisible();
    await image.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: await largePng() });
    await expect(toast(page, 'Image size should be less than 5MB')).toBeVisible();
    // A file that claims to be an image but is not: the server decodes it and refuses.
    await image.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('definitely not a png') });
    await expect(toast(page, 'Failed to upload image: Please upload an image file')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Add Slider' })).toBeDisabled();

    await image.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await bannerPng() });
    await expect(form.getByText('Image uploaded', { exact: true })).toBeVisible();
    await form.getByRole('button', { name: 'Add Slider' }).click();
    await expect(toast(page, 'Redirect URL is required')).toBeVisible();
    await form.getByLabel('Redirect URL').fill('javascript:alert(document.cookie)');
    await form.getByRole('button', { name: 'Add Slider' }).click();
    await expect(toast(page, /Redirect URL must be a path starting with \//)).toBeVisible();
    await expect(form).toBeVisible();

    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
    const list = await page.request.get('/api/trpc/sliders.adminList');
    const body = (await list.json()) as { result: { data: Array<{ redirectUrl: string }> } };
    expect(body.result.data.some((s) => s.redirectUrl.startsWith('javascript'))).toBe(false);
  });
});

test('admin screens fit a phone @phone', async ({ page }) => {
  await signInAsAdmin(page);
  for (const path of ['/admin/dashboard', '/admin/users', '/admin/shops', '/admin/products', '/admin/sliders']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
