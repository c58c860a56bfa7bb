import { expect, test } from '@playwright/test';
import { createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { ADMIN, createAccount, navLinks, PASSWORD, signedInAs, signInViaApi, signInViaUi, signUpViaUi, toast, uniqueEmail } from './fixtures';

test('a new buyer signs up, picks Buyer, lands on /browse, signs out and back in', async ({ page }) => {
  const email = uniqueEmail('buyer');
  await signUpViaUi(page, email);
  await expect(toast(page, 'Account created! Redirecting to role selection...')).toBeVisible();
  await expect(page).toHaveURL(/\/role-selection$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Continue as Buyer' }).click();
  await expect(toast(page, "Welcome! You're now a buyer.")).toBeVisible();
  await expect(page).toHaveURL(/\/browse$/);
  // At 1280 px the top bar also shows Saved (issue 50); the phone's bottom bar stays the spec's.
  expect(await navLinks(page)).toEqual(['/browse', '/shops', '/cart', '/saved', '/buyer/orders', '/settings']);
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

  await signInViaUi(page, email, PASSWORD);
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/browse$/);
});

test('a new shopkeeper picks Shopkeeper and is sent to create a shop, also after signing in again', async ({ page }) => {
  const email = uniqueEmail('keeper');
  await signUpViaUi(page, email);
  await expect(page).toHaveURL(/\/role-selection$/);
  await page.getByRole('button', { name: 'Continue as Shopkeeper' }).click();
  await expect(toast(page, "Welcome! You're now a shopkeeper.")).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/create$/);
  // At 1024 px and wider the top bar shows the shop's pages too (issue 48); a phone's bottom bar has the spec's five.
  expect(await navLinks(page)).toEqual(['/shop/dashboard', '/shop/products', '/shop/orders', '/shop/cash', '/shop/coupons', '/shop/manage', '/browse']);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signInViaUi(page, email, PASSWORD);
  // The dashboard needs a shop: without one the shopkeeper goes to /shop/create.
  await expect(page).toHaveURL(/\/shop\/create$/);
});

test("sign-in and sign-up refuse bad input with the spec's messages", async ({ page }) => {
  const existing = await createAccount();
  await page.goto('/auth');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Invalid email address')).toBeVisible();

  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await signUpViaUi(page, existing.email.toUpperCase());
  await expect(toast(page, 'This email is already registered. Please sign in.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a guest gets the guest navigation, / goes to /browse, and unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/browse$/);
  expect(await navLinks(page)).toEqual(['/browse', '/shops', '/cart', '/saved', '/guest/orders']);
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/browse$/);
});

test('guests and non-admins are kept out of admin and account screens', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/browse$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/shop/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the admin from ADMIN_EMAIL gets the Admin button and the admin screens', async ({ page }) => {
  await signInViaUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/browse');
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('settings toggle roles and save the default address', async ({ page }) => {
  const account = await createAccount();
  await signInViaUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/role-selection$/);
  await page.getByRole('button', { name: 'Continue as Buyer' }).click();
  await expect(page).toHaveURL(/\/browse$/);

  await page.goto('/settings');
  const shopkeeper = page.getByRole('switch', { name: 'Shopkeeper' });
  await expect(shopkeeper).not.toBeChecked();
  await shopkeeper.click();
  await expect(toast(page, 'Shopkeeper role added')).toBeVisible();
  await expect(shopkeeper).toBeChecked();
  // Holding the shopkeeper role switches the navigation to the shopkeeper's.
  expect(await navLinks(page)).toContain('/shop/dashboard');

  await page.getByRole('switch', { name: 'Buyer' }).click();
  await expect(toast(page, 'Buyer role removed')).toBeVisible();

  await page.getByLabel('Address', { exact: true }).fill('12 Mall Road');
  await page.getByLabel('City').fill('Lahore');
  await page.getByLabel('Postal Code').fill('54000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Lahore');
});

test('settings change the password, which signs out the other devices, and sign out of all devices', async ({ page, browser }) => {
  const account = await createAccount({ roles: ['buyer'] });
  const otherDevice = await browser.newContext();
  const otherPage = await otherDevice.newPage();
  await signInViaApi(otherPage, account.email, account.password);
  await signInViaUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/browse$/);

  await page.goto('/settings');
  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current Password').fill('not-my-password');
  await password.getByLabel('New Password').fill('brand-new-secret');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Current password is incorrect')).toBeVisible();

  await password.getByLabel('Current Password').fill(account.password);
  await password.getByLabel('New Password').fill('123');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password must be at least 6 characters')).toBeVisible();

  await password.getByLabel('New Password').fill('brand-new-secret');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password changed. Your other devices have been signed out.')).toBeVisible();
  await expect(password.getByLabel('Current Password')).toHaveValue('');
  // This device stays signed in; the other one is signed out on its next request.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await otherPage.goto('/settings');
  await expect(otherPage).toHaveURL(/\/auth$/);
  await otherDevice.close();

  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out of all devices?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(toast(page, 'Signed out of all devices')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await signInViaUi(page, account.email, 'brand-new-secret');
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();
});

test('the bottom navigation shows on a phone with the cart badge, and hides on /auth @phone', async ({ page }) => {
  await page.goto('/browse');
  await page.evaluate(() =>
    localStorage.setItem(
      'cart',
      JSON.stringify([{ product_id: 1, color: null, size: null, quantity: 3, price: 100, currency: 'USD', product_name: 'X', image_url: null, shop_id: 1 }]),
    ),
  );
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: /Cart/ })).toContainText('3');
  await expect(nav.getByRole('link')).toHaveCount(5);
  await page.goto('/auth');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('a shopkeeper’s bottom navigation on a phone: the spec’s five, Shop leading to the shop’s other pages, each label whole, in English and Urdu @phone', async ({ page }, testInfo) => {
  const keeper = await signedInAs(page, 'shopkeeper', 'Nav Keeper');
  await createShop(e2eEnv(), { owner: keeper.id, name: `Nav Shop ${Date.now() % 100_000}` });
  for (const [prefix, shopLabel, coupons] of [['', 'Shop', 'Coupons'], ['/ur', 'دکان', 'کوپن']] as const) {
    await page.goto(`${prefix}/shop/dashboard`);
    const nav = page.getByRole('navigation', { name: prefix ? 'مرکزی' : 'Main' });
    await expect(nav.getByRole('link').first()).toBeVisible();
    // Spec section 2: Home, Products, Orders, Shop, Browse (issue 48 put Browse back).
    expect(await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      ['/shop/dashboard', '/shop/products', '/shop/orders', '/shop/manage', '/browse'].map((p) => `${prefix}${p}`),
    );
    await nav.getByRole('link', { name: shopLabel }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/shop/manage$`));
    await expect(nav.getByRole('link', { name: shopLabel })).toHaveAttribute('aria-current', 'page');
    // No label is cut or spills into its neighbour.
    const overflowing = await nav.getByRole('link').evaluateAll((links) => links.filter((a) => a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent));
    expect(overflowing).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`shop-nav${prefix.replace('/', '-') || '-en'}.png`) });
    // The shop's other pages are one tap from Shop.
    await page.getByRole('main').getByRole('link', { name: new RegExp(coupons) }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/shop/coupons$`));
  }
});
