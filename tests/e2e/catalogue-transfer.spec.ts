import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { expect, type Page, test } from '@playwright/test';
import yazl from 'yazl';
import { pngImage } from '../../src/server/testing/factories';
import { signedInAs, toast } from './fixtures';
import { createShopViaUi } from './shopkeeper-fixtures';

// The catalogue as a spreadsheet (issue 34), at 1280 px and (tagged @phone) at 375 px: a shopkeeper
// imports two products, exports the catalogue, edits a price in the file, imports it again after
// its preview, and sees the new price on the product page; a file with a bad row shows the row's
// message and writes nothing. Screenshots of the dialog with its preview, and of the result.

const CSV_START = '\ufeffHandle,Name,Price,Stock,Category,Colors\r\n';

async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  return buffer(zip.outputStream as Readable);
}

async function chooseFile(page: Page, name: string, text: string) {
  await page.getByLabel('CSV or ZIP file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

for (const phone of [false, true]) {
  test(`export, edit a price in the file, import it after its preview; a bad row writes nothing${phone ? ' @phone' : ''}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const width = phone ? 375 : 1280;
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${width}-${name}.png`), fullPage: true });
    await signedInAs(page, 'shopkeeper', 'Catalogue Keeper');
    const stamp = `${phone ? 'p' : 'd'}${Date.now() % 1_000_000}`;
    await createShopViaUi(page, `Catalogue Shop ${stamp}`, { currency: 'PKR' });
    await page.goto('/shop/products');

    // Two products in, from a spreadsheet.
    await page.getByRole('button', { name: 'Import products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await chooseFile(page, 'start.csv', `${CSV_START}kurta-${stamp},Lawn Kurta,"Rs 1,500",12,Kurtas,"Red, Sky Blue"\r\nshawl-${stamp},لان کی شال,900,5,,\r\n`);
    await expect(dialog.getByText('2 new, 0 updated (by Handle), 0 unchanged, 0 with errors')).toBeVisible();
    await expect(dialog.getByText('New categories to create: Kurtas')).toBeVisible();
    await expect(dialog.getByText('لان کی شال')).toBeVisible();
    await shot('import-preview');
    await dialog.getByRole('button', { name: 'Import 2 products' }).click();
    await expect(toast(page, 'Import started. It goes on if you leave this page.')).toBeVisible();
    await expect(page.getByText('Imported start.csv: 2 new, 0 updated, 0 unchanged.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your products' }).getByText('Lawn Kurta')).toBeVisible();
    await shot('import-done');

    // Out as CSV; the price of the kurta edited; back in.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export products' }).click()]);
    const exported = fs.readFileSync((await download.path())!, 'utf8');
    expect(exported.startsWith('\ufeffHandle,Name,Brand,Category')).toBe(true);
    const kurtaRow = exported.split('\r\n').find((line) => line.startsWith(`kurta-${stamp},`))!;
    expect(kurtaRow).toContain(',1500.00,');
    const edited = exported.replace(kurtaRow, kurtaRow.replace(',1500.00,', ',1750.00,'));
    await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await page.getByRole('button', { name: 'Import products' }).click();
    await chooseFile(page, 'edited.csv', edited);
    await expect(dialog.getByText('0 new, 1 updated (by Handle), 1 unchanged, 0 with errors')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 1 product' }).click();
    await expect(page.getByText('Imported edited.csv: 0 new, 1 updated, 1 unchanged.')).toBeVisible();
    await page.goto(`/product/kurta-${stamp}`);
    await expect(page.getByText(/PKR\s?1,750\.00/).first()).toBeVisible();

    // A file with a bad row: its message, and nothing written.
    await page.goto('/shop/products');
    await page.getByRole('button', { name: 'Import products' }).click();
    await chooseFile(page, 'bad.csv', `${CSV_START},Silk Scarf,1200,3,,\r\n,Broken Lamp,twelve,3,,\r\n`);
    await expect(dialog.getByText('Row 3, Price: Selling price must be an amount of 0 or more, like 1,500')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Fix the row above to import' })).toBeDisabled();
    await shot('import-errors');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('list', { name: 'Your products' }).getByText('Silk Scarf')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Your products' }).getByRole('listitem')).toHaveCount(2);
  });
}

test('the import dialog and its result in Urdu @phone', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signedInAs(page, 'shopkeeper', 'Urdu Keeper');
  await createShopViaUi(page, `Urdu Catalogue ${Date.now() % 1_000_000}`, { currency: 'PKR' });
  await page.goto('/ur/shop/products');
  await page.getByRole('button', { name: 'پروڈکٹس امپورٹ کریں' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/فائل/).setInputFiles({ name: 'urdu.csv', mimeType: 'text/csv', buffer: Buffer.from(`${CSV_START},لان کا سوٹ,"2,500",3,,\r\n,Broken,twelve,1,,\r\n`, 'utf8') });
  await expect(dialog.getByText(/قطار\s*\u2068?3\u2069?،\s*\u2068?Price/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('ur-375-import-errors.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('ur-1280-import-errors.png'), fullPage: true });
});

test('an import with images shows its progress, which a reload of the page finds again', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signedInAs(page, 'shopkeeper', 'Progress Keeper');
  await createShopViaUi(page, `Progress Shop ${Date.now() % 1_000_000}`, { currency: 'PKR' });
  const rows: string[] = [];
  const images: Record<string, Buffer> = {};
  for (let i = 0; i < 40; i++) {
    const color = `#${((i * 2_654_435) % 0xffffff).toString(16).padStart(6, '0')}`;
    images[`images/p${i}.png`] = await pngImage(color, 1400, 1400);
    rows.push(`,Picture ${i},${100 + i},2,,,p${i}.png`);
  }
  const zip = await zipOf({ 'products.csv': `${CSV_START.replace('Colors', 'Colors,Image 1')}${rows.join('\r\n')}\r\n`, ...images });
  await page.goto('/shop/products');
  await page.getByRole('button', { name: 'Import products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products' });
  await page.getByLabel('CSV or ZIP file').setInputFiles({ name: 'pictures.zip', mimeType: 'application/zip', buffer: zip });
  await expect(dialog.getByText('40 new images to resize and save.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 40 products' }).click();
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeVisible();
  // The work is the server's: a reload (or a tab closed and opened again) finds it, further along.
  await page.reload();
  await expect(page.getByText(/Images: [1-9]\d* of 40/)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('1280-import-progress.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('375-import-progress.png'), fullPage: true });
  await expect(page.getByText('Imported pictures.zip: 40 new, 0 updated, 0 unchanged.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Your products' }).getByRole('listitem')).toHaveCount(20);
  await expect(page.getByRole('list', { name: 'Your products' }).locator('img[src*="/uploads/"]').first()).toBeVisible();
});
