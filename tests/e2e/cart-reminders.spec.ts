import { expect, test } from '@playwright/test';
import { signedInAs, toast } from './fixtures';

// "Cart reminders" in /settings (issue 50 part 5): on by default, switched off and on again; English and Urdu, at 1280 and 375 px.
test('a buyer switches cart reminders off and on in /settings', async ({ page }, testInfo) => {
  await signedInAs(page, 'buyer');
  await page.goto('/settings');
  const cart = page.getByRole('switch', { name: 'Cart reminders' }).or(page.getByRole('checkbox', { name: 'Cart reminders' }));
  await expect(cart).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('settings-cart-reminders-1280-en.png'), fullPage: true });
  await cart.click();
  await expect(toast(page, 'Cart reminders are off')).toBeVisible();
  await page.reload();
  await expect(cart).not.toBeChecked();
  await cart.click();
  await expect(toast(page, 'Cart reminders are on')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/ur/settings');
  await expect(page.getByRole('switch', { name: 'کارٹ کی یاد دہانیاں' }).or(page.getByRole('checkbox', { name: 'کارٹ کی یاد دہانیاں' }))).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('settings-cart-reminders-375-ur.png'), fullPage: true });
});
