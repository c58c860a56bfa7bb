import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { packingSlipsHref } from '../../src/client/features/orders/packing-slips-link';
import { e2eEnv } from './e2e-db';
import { atBothWidths, shotAtBothWidths, signedInAs } from './fixtures';
import { expectUrdu, readsLeftToRight } from './urdu-fixtures';

// Packing slips (issue 29), walked once at 375 px (tagged @phone), each of its screens seen at 375 and
// 1280 px: the shopkeeper opens the slips of their orders by URL and sees the cash to collect and the
// barcode; another shopkeeper gets "Order not found". A desktop test also prints them (page.pdf) on A4
// and on a 4×6 in label, in both languages.

const RED = '#ff0000';

/** A signed-in shopkeeper's PKR shop with two orders: 2 × Kurta (Red / M, SKU KU-RM) + 1 Mug = PKR 2,350, and one Mug. */
async function shopWithOrders(page: Page, tag: string) {
  const keeper = await signedInAs(page, 'shopkeeper', 'Slip Keeper');
  const env = e2eEnv();
  const shop = await createShop(env, { owner: keeper.id, name: `Karachi Kurtas ${tag}`, currency: 'PKR', whatsapp: '+92 321 5550000' });
  const kurta = await createProduct(env, shop, { name: 'Lawn Kurta', price: 100_000, colors: [RED], sizes: ['M'], variants: { [`${RED}|M`]: { stock: 9, sku: 'KU-RM' } } });
  const mug = await createProduct(env, shop, { name: 'Clay Mug', price: 35_000, stock: 9 });
  const shipping = { fullName: 'Ayesha Khan', phone: '+92 300 7654321', address: 'House 12, Street 4, Gulshan-e-Iqbal', city: 'Karachi', postalCode: '75300' };
  const first = await createOrder(env, [{ product: kurta, quantity: 2, color: RED, size: 'M' }, { product: mug }], { shipping });
  const second = await createOrder(env, mug, { shipping: { ...shipping, fullName: 'Bilal Ahmed', city: 'Lahore', postalCode: '54000' } });
  return { shop, first, second };
}

/** axe-core's serious and critical findings (WCAG 2.1 A and AA), as a11y.spec.ts counts them. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`${width}-${name}.png`));
}

test(`a shopkeeper opens the packing slips of their orders: Collect and the barcode; another shopkeeper gets "Order not found" @phone`, async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const { first, second } = await shopWithOrders(page, 'P');

  await page.goto(packingSlipsHref([first.id]));
  await expect(page.getByRole('heading', { name: 'Packing slip', level: 1 })).toBeVisible();
  const slip = page.getByRole('article', { name: `Packing slip ${first.orderNumber}` });
  await expect(slip.getByText('Collect: PKR 2,350.00')).toBeVisible();
  const barcode = slip.getByRole('img', { name: `Barcode of order ${first.orderNumber}` });
  await expect(barcode).toBeVisible();
  await expect(barcode).toHaveAttribute('data-barcode', first.orderNumber);
  // The bars are drawn: one path with a bar per dark element (start, 24 characters, checksum, stop: 3 each, the stop 4).
  expect(await barcode.locator('path').getAttribute('d')).toMatch(/^(M\d+ 0h\d+v1h-\d+z){82}$/);
  await expect(slip.getByText(first.orderNumber, { exact: true })).toBeVisible();
  await expect(slip.getByText('+92 321 5550000')).toBeVisible();
  await expect(slip.getByText('Ayesha Khan')).toBeVisible();
  await expect(slip.getByText('+92 300 7654321')).toBeVisible();
  await expect(slip.getByRole('row', { name: /Lawn Kurta.*Red \/ M.*KU-RM.*2/ })).toBeVisible();
  await expect(slip.getByRole('row', { name: /Clay Mug.*1/ })).toBeVisible();
  await atBothWidths(page, async (width) => {
    await expect(barcode).toBeVisible();
    // The whole slip fits the screen's width: nothing to scroll sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
  });
  await shoot(page, testInfo, 'en-a4');

  // The label: a visible, labelled choice, kept in the link.
  await page.getByLabel('Paper').selectOption({ label: 'Label 4×6 in' });
  await expect(page).toHaveURL(/paper=label/);
  await expect(slip.getByText('Collect: PKR 2,350.00')).toBeVisible();
  await shoot(page, testInfo, 'en-label');

  // Several orders: one slip each, in the order asked.
  await page.goto(packingSlipsHref([second.id, first.id]));
  await expect(page.getByRole('heading', { name: 'Packing slips', level: 1 })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').first()).toHaveAccessibleName(`Packing slip ${second.orderNumber}`);
  await expect(page.getByRole('article').nth(1).getByText('Collect: PKR 2,350.00')).toBeVisible();
  await expect(page.getByRole('article').first().getByText('Collect: PKR 350.00')).toBeVisible();
  // No line of that order has a SKU: no SKU column on its slip.
  await expect(page.getByRole('article').first().getByRole('columnheader')).toHaveText(['Item', 'Qty']);
  await expect(page.getByRole('article').nth(1).getByRole('columnheader')).toHaveText(['Item', 'SKU', 'Qty']);

  // In Urdu: right to left, no English left, the order number, phone numbers and amount left to right.
  await page.goto(`/ur${packingSlipsHref([first.id])}`);
  // The amount is isolated (U+2068…U+2069) inside the Urdu sentence.
  await expect(page.getByText('وصول کریں: \u2068Rs 2,350\u2069')).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^آرڈر .?${first.orderNumber}.? کا بارکوڈ$`) })).toBeVisible();
  await expectUrdu(page);
  await readsLeftToRight(page, 'bdi, figcaption');
  await atBothWidths(page, async () => expect(await seriousViolations(page)).toEqual([]));
  await shoot(page, testInfo, 'ur-a4');

  // Another shopkeeper: the message, no slip.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 375, height: 812 } });
  const other = await context.newPage();
  await signedInAs(other, 'shopkeeper', 'Other Keeper');
  await other.goto(packingSlipsHref([first.id]));
  await expect(other.getByRole('alert').getByText('Order not found')).toBeVisible();
  await expect(other.getByRole('article')).toHaveCount(0);
  await expect(other.getByText(/Collect/)).toHaveCount(0);
  await shoot(other, testInfo, 'other-shopkeeper');
  await context.close();
});

test('printed packing slips: one page per order, on A4 and on 4×6 in labels, in English and Urdu', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const { first, second } = await shopWithOrders(page, 'PDF');
  // The page tree's count (Chromium writes one page tree and no outline).
  const pages = (pdf: Buffer) => Number(/\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);
  for (const [language, prefix] of [['en', ''], ['ur', '/ur']] as const) {
    for (const paper of ['a4', 'label'] as const) {
      await page.goto(`${prefix}${packingSlipsHref([first.id, second.id], paper)}`);
      await expect(page.getByRole('article')).toHaveCount(2);
      // The paper's own size (@page) and the slips alone: no bars, no Print button.
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true, path: testInfo.outputPath(`slips-${language}-${paper}.pdf`) });
      expect(pages(pdf)).toBe(2);
    }
  }
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'پرنٹ کریں' })).toBeHidden();
  await expect(page.getByRole('banner').first()).toBeHidden();
});
