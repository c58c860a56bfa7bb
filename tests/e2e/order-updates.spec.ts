import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { emailsTo } from './mail-fixtures';
import { shotAtBothWidths, signedInAs, toast } from './fixtures';

// Order updates for guests (issue 31), walked once at 375 px (tagged @phone), each of its screens seen
// at 375 and 1280 px, in English and in Urdu: the shop confirms a guest's order, the status email arrives through SMTP (the e2e server's
// mail sink) and ends with its link; the link's page switches the updates off without an account,
// so the next status sends nothing, and on again. A link with another address's signature is refused.


/** The path and query of the "stop these emails" link in a status email. */
function stopLink(text: string): string {
  const url = /https?:\/\/\S+\/email-updates\?email=\S+&token=[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  if (!url) throw new Error(`no order updates link in: ${text}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`${width}-${name}.png`));
}

test(`a guest switches order update emails off from the email's link, and on again @phone`, async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const tag = `p${Date.now() % 100_000}`;
  const guestEmail = `guest-${tag}@e2e.test`;
  const keeper = await signedInAs(page, 'shopkeeper', 'Updates Keeper');
  const env = e2eEnv();
  const shop = await createShop(env, { owner: keeper.id, name: `Updates Shop ${tag}`, currency: 'PKR' });
  const product = await createProduct(env, shop, { name: `Shawl ${tag}`, price: 150_000, stock: 10 });
  const order = await createOrder(env, [{ product, quantity: 1 }], { shipping: { fullName: 'Sana Guest', email: guestEmail } });
  const second = await createOrder(env, [{ product, quantity: 1 }], { shipping: { fullName: 'Sana Guest', email: guestEmail } });

  // The shop confirms: the guest is emailed, and the email ends with its link.
  await page.goto('/shop/orders');
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, /confirmed/i)).toBeVisible();
  await expect.poll(async () => (await emailsTo(guestEmail)).length, { timeout: 15_000 }).toBe(1);
  const [confirmed] = await emailsTo(guestEmail);
  expect(confirmed!.subject).toBe(`Order ${order.orderNumber}: Confirmed`);
  expect(confirmed!.text).toContain('You get these emails about your orders. To stop them, open this link:');

  // The guest opens the link in a browser with no account.
  const guest = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  await guest.goto(stopLink(confirmed!.text));
  await expect(guest.getByRole('heading', { name: 'Order updates by email' })).toBeVisible();
  await expect(guest.getByText(`Emails about your orders go to ${guestEmail}`)).toBeVisible();
  await shoot(guest, testInfo, 'email-updates-on');
  await guest.getByRole('button', { name: 'Stop order updates' }).click();
  await expect(toast(guest, 'Order update emails are off')).toBeVisible();
  await expect(guest.getByText(`Order updates to ${guestEmail} are off. You still get a receipt for each new order.`)).toBeVisible();
  await shoot(guest, testInfo, 'email-updates-off');

  // Off: confirming the second order emails nothing.
  await page.getByRole('article', { name: `Order ${second.orderNumber}` }).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, /confirmed/i)).toBeVisible();
  // The status change writes its email in its own transaction, or none: the outbox holds only the first.
  await expect(page.getByRole('article', { name: `Order ${second.orderNumber}` }).getByText('Confirmed', { exact: true })).toBeVisible();
  const written = await env.db.selectFrom('outbox').select('subject').where('to_address', '=', guestEmail).execute();
  expect(written.map((row) => row.subject)).toEqual([confirmed!.subject]);

  // The same page in Urdu, right to left, switches them on again.
  await guest.goto(`/ur${stopLink(confirmed!.text)}`);
  await expect(guest.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(guest.getByRole('heading', { name: 'ای میل پر آرڈر کی تازہ کاری' })).toBeVisible();
  await shoot(guest, testInfo, 'email-updates-off-ur');
  await guest.getByRole('button', { name: 'آرڈر کی تازہ کاری دوبارہ بھیجیں' }).click();
  await expect(guest.getByRole('region', { name: 'اطلاعات' }).getByText('آپ کو آرڈر کی تازہ کاری ای میل پر ملے گی')).toBeVisible();
  await shoot(guest, testInfo, 'email-updates-on-ur');

  // A link whose signature is another address's is refused, and says what to do.
  await guest.goto(stopLink(confirmed!.text).replace(encodeURIComponent(guestEmail), encodeURIComponent(`other-${guestEmail}`)));
  await expect(guest.getByText('This link is not valid. Open it again from your latest order email.')).toBeVisible();
  await expect(guest.getByRole('main').getByRole('link', { name: 'Track Order' })).toHaveAttribute('href', '/guest/orders');
  await shoot(guest, testInfo, 'email-updates-invalid');
  await guest.context().close();
});
