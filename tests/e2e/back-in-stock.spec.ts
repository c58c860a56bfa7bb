import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { emailsTo } from './mail-fixtures';
import { createAccount, signedInAs, signInViaApi, toast } from './fixtures';

// "Notify me when it's back" (issue 50 part 2), walked at 375 px (@phone), its form also seen at 1280 px
// and in Urdu: a signed-in buyer asks about a sold-out size (the address is filled in), the shop sees
// the buyer waiting and raises that size's stock, and the email arrives through SMTP (the e2e server's
// mail sink) with the product's link and the link that stops such emails.

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** The notify form, at 375 and at 1280 px: its end above the phone's bottom bar. */
async function shootBothWidths(page: Page, testInfo: TestInfo, name: string) {
  const form = page.getByRole('form', { name: /Notify me when it's back|واپس آنے پر مجھے بتائیں/ });
  await form.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: testInfo.outputPath(`${name}-375.png`) });
  await page.setViewportSize(DESKTOP);
  await form.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`) });
  await page.setViewportSize(PHONE);
}

test('a buyer asks to be told about a sold-out size; the shop raises its stock and the email arrives with the product link @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const tag = Date.now() % 100_000;
  const name = `Lawn Kurta ${tag}`;
  const keeper = await signedInAs(page, 'shopkeeper', 'Stock Keeper');
  const env = e2eEnv();
  const shop = await createShop(env, { owner: keeper.id, name: `Kurta House ${tag}`, currency: 'PKR' });
  const product = await createProduct(env, shop, {
    name,
    price: 250_000,
    colors: ['#ff0000'],
    sizes: ['M', 'L'],
    variants: { '#ff0000|M': { stock: 0 }, '#ff0000|L': { stock: 3 } },
  });

  // The buyer, signed in on her phone, chooses the sold-out size: the form has her address.
  const buyer = await createAccount({ fullName: 'Sana Buyer', roles: ['buyer'] });
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const shopper = await context.newPage();
  await signInViaApi(shopper, buyer.email, buyer.password);
  await shopper.goto(`/product/${product.slug}`);
  await shopper.getByRole('radio', { name: 'Red' }).click();
  await shopper.getByRole('radio', { name: 'M, sold out' }).click();
  await expect(shopper.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await shopper.getByRole('button', { name: "Notify me when it's back" }).click();
  await expect(shopper.getByLabel('Your email')).toHaveValue(buyer.email);
  await shootBothWidths(shopper, testInfo, 'notify-form-en');
  await shopper.getByRole('button', { name: 'Notify me', exact: true }).click();
  await expect(shopper.getByRole('status').filter({ hasText: `Done. We will email ${buyer.email} when it's back.` })).toBeVisible();

  // The same in Urdu: asking again says so, and nothing is added.
  await shopper.goto(`/ur/product/${product.slug}`);
  await expect(shopper.locator('html')).toHaveAttribute('dir', 'rtl');
  await shopper.getByRole('radio', { name: 'لال' }).click();
  await shopper.getByRole('radio', { name: /M.*ختم ہو گیا/ }).click();
  await shopper.getByRole('button', { name: 'واپس آنے پر مجھے بتائیں' }).click();
  await expect(shopper.getByLabel('آپ کی ای میل')).toHaveValue(buyer.email);
  await shootBothWidths(shopper, testInfo, 'notify-form-ur');
  await shopper.getByRole('button', { name: 'مجھے بتائیں', exact: true }).click();
  await expect(shopper.getByRole('status').filter({ hasText: 'آپ پہلے ہی کہہ چکے ہیں' })).toBeVisible();
  await shopper.screenshot({ path: testInfo.outputPath('notify-already-ur-375.png') });

  // The shop sees one buyer waiting, and raises Red / M.
  await page.goto('/shop/products');
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('1 buyer waiting');
  await row.screenshot({ path: testInfo.outputPath('shop-products-waiting-375.png') });
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await page.getByLabel('Stock of Red / M').fill('5');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page, 'Product updated successfully!')).toBeVisible();

  // One email, in English (where she asked first), with the product's link and the stop link.
  await expect.poll(async () => (await emailsTo(buyer.email)).length, { timeout: 15_000 }).toBe(1);
  const [email] = await emailsTo(buyer.email);
  expect(email!.subject).toBe(`${name} is back in stock`);
  expect(email!.text).toContain('Lawn Kurta');
  expect(email!.text).toMatch(new RegExp(`https?://\\S+/product/${product.slug}`));
  const stop = /https?:\/\/\S+\/email-updates\?about=back-in-stock&\S+/.exec(email!.text)?.[0];
  expect(stop).toBeTruthy();
  await page.goto('/shop/products');
  await expect(page.getByRole('listitem').filter({ hasText: name })).not.toContainText('waiting');

  // Her link: nothing more waits for her address.
  const url = new URL(stop!);
  await shopper.goto(`${url.pathname}${url.search}`);
  await expect(shopper.getByRole('heading', { name: 'Back-in-stock emails' })).toBeVisible();
  await expect(shopper.getByText(`No more back-in-stock emails go to ${buyer.email}.`)).toBeVisible();
  await shopper.screenshot({ path: testInfo.outputPath('stop-link-375.png') });
  await context.close();
});
