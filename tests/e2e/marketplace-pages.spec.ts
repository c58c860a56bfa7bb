import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './admin-fixtures';
import { checkHtml } from '../../scripts/services/html-checker.mjs';
import { createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { toast } from './fixtures';

// The marketplace's pages and its announcement (issue 47). Publishing Terms puts it in every page's
// footer and the announcement shows on every public page of the one server the suite shares, so this
// file runs in the marketplace-wide project after the others (playwright.config.ts), and puts Terms
// back to a draft and clears the announcement at the end.

const SHOTS = process.env.E2E_SCREENSHOTS;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

// Each test walks a whole flow at both widths, with several browsers: more than the default 45 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function asAdmin(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signInAsAdmin(page);
  return page;
}

async function termsForm(page: Page) {
  const list = await (await page.request.get('/api/trpc/pages.list')).json();
  const terms = (list as { result: { data: Array<{ id: number; address: string }> } }).result.data.find((p) => p.address === 'terms')!;
  return ((await (await page.request.get(`/api/trpc/pages.get?input=${encodeURIComponent(JSON.stringify({ id: terms.id }))}`)).json()) as { result: { data: Record<string, unknown> } }).result.data;
}

test.afterAll(async ({ browser }) => {
  const page = await asAdmin(browser, DESKTOP);
  const terms = await termsForm(page);
  const input = { id: terms.id, title: terms.title, address: terms.address, text: terms.text, titleUr: terms.titleUr, textUr: terms.textUr, showInFooter: true, published: false };
  expect((await page.request.post('/api/trpc/pages.update', { data: input, headers: { origin } })).status()).toBe(200);
  const cleared = { text: '', textUr: '', link: '', startsAt: '', endsAt: '' };
  expect((await page.request.post('/api/trpc/settings.saveAnnouncement', { data: cleared, headers: { origin } })).status()).toBe(200);
  await page.context().close();
});

test('the admin publishes Terms; a guest finds it in the footer, at /p/terms and /ur/p/terms, at 1280 and 375 px', async ({ browser }) => {
  // Drafts (and unknown addresses) are the real 404 page.
  const guestAt = async (viewport: typeof DESKTOP) => (await browser.newContext({ viewport })).newPage();
  const early = await guestAt(DESKTOP);
  for (const address of ['terms', 'no-such-page']) {
    const response = await early.goto(`/p/${address}`);
    expect(response?.status(), address).toBe(404);
    await expect(early.getByRole('heading', { name: 'Oops! Page not found', level: 1 })).toBeVisible();
  }
  await early.goto('/browse');
  await expect(early.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' })).toHaveCount(0);
  await early.context().close();

  const admin = await asAdmin(browser, DESKTOP);
  await admin.goto('/admin/dashboard');
  await admin.getByRole('link', { name: /Pages/ }).click();
  await expect(admin).toHaveURL(/\/admin\/pages$/);
  await expect(admin.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
  const list = admin.getByRole('list', { name: 'All pages' });
  await expect(list.getByRole('article')).toHaveCount(6);

  // Bad input: by the field, nothing saved.
  await admin.getByRole('button', { name: 'New page' }).click();
  await admin.getByRole('textbox', { name: 'Title', exact: true }).fill('   ');
  await admin.getByRole('textbox', { name: 'Address' }).fill('terms');
  await admin.getByRole('textbox', { name: 'Text', exact: true }).fill('## Hello');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Please enter the title')).toBeVisible();
  await admin.getByRole('textbox', { name: 'Title', exact: true }).fill('Our terms');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Another page already has this address')).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
  await admin.getByRole('button', { name: 'All pages' }).click();

  await admin.getByRole('button', { name: 'Edit Terms of service' }).click();
  await expect(admin.getByRole('textbox', { name: 'Address' })).toHaveValue('terms');
  await admin.getByRole('textbox', { name: 'Text', exact: true }).fill('## Orders\n\nPay **in cash** when the parcel arrives. See [Returns](/p/returns).\n\n- One\n- Two\n\n<script>alert(1)</script>');
  await admin.getByRole('switch', { name: 'Published' }).check();
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(toast(admin, 'Page saved')).toBeVisible();
  const termsCard = list.getByRole('article').filter({ hasText: 'Terms of service' });
  await expect(termsCard.getByText('Published', { exact: true })).toBeVisible();
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/admin-pages-1280.png`, fullPage: true });
  await admin.setViewportSize(PHONE);
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/admin-pages-375.png`, fullPage: true });
  // A page made for a while, then deleted: asked first, then gone from the list and from its address.
  const offer = { title: 'Eid offer', address: 'eid-offer', text: 'Free delivery', titleUr: '', textUr: '', showInFooter: false, published: true };
  expect((await admin.request.post('/api/trpc/pages.create', { data: offer, headers: { origin } })).status()).toBe(200);
  await admin.reload();
  await admin.getByRole('button', { name: 'Delete Eid offer' }).click();
  const asked = admin.getByRole('alertdialog').or(admin.getByRole('dialog'));
  await expect(asked).toContainText('Delete Eid offer?');
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/admin-pages-delete-375.png` });
  await asked.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(admin, 'Page deleted')).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(6);
  expect((await admin.request.get('/p/eid-offer')).status()).toBe(404);
  await admin.context().close();

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    const guest = await guestAt(viewport);
    await guest.goto('/browse');
    const footer = guest.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    // The marketplace's name (marketplace-settings.spec.ts, in this project too, may be renaming it meanwhile).
    await expect(footer.getByText(new RegExp(`^© ${new Date().getFullYear()} \\S`))).toBeVisible();
    if (SHOTS) await guest.screenshot({ path: `${SHOTS}/footer-${label}.png`, fullPage: true });
    // The phone's bottom navigation keeps its five items; the footer's link is above it, and takes the tap.
    if (label === '375') await expect(guest.getByRole('navigation', { name: 'Main', exact: true }).last().getByRole('link')).toHaveCount(5);
    await footer.getByRole('link', { name: 'Terms of service' }).click();
    await expect(guest).toHaveURL(/\/p\/terms$/);
    await expect(guest.getByRole('heading', { name: 'Terms of service', level: 1 })).toBeVisible();
    await expect(guest.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible();
    await expect(guest.getByText('in cash')).toHaveJSProperty('tagName', 'STRONG');
    await expect(guest.getByText('<script>alert(1)</script>')).toBeVisible();
    await expect(guest.getByRole('main').getByRole('link', { name: 'Returns' })).toHaveAttribute('href', '/p/returns');

    const served = await guest.goto('/p/terms');
    expect(served?.status()).toBe(200);
    await expect(guest).toHaveTitle(/^Terms of service · /);
    await expect(guest.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/p\/terms$/);
    if (SHOTS) await guest.screenshot({ path: `${SHOTS}/p-terms-${label}.png`, fullPage: true });

    // The starter page's Urdu title; no Urdu text yet: the Urdu page shows the English text, marked lang="en".
    const urdu = await guest.goto('/ur/p/terms');
    expect(urdu?.status()).toBe(200);
    await expect(guest.locator('html')).toHaveAttribute('lang', 'ur');
    const heading = guest.getByRole('heading', { name: 'شرائط و ضوابط', level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading.locator('[lang="en"]')).toHaveCount(0);
    await expect(guest.locator('[lang="en"]').filter({ has: guest.getByRole('heading', { name: 'Orders' }) })).toHaveCount(1);
    await expect(guest.getByRole('contentinfo').getByRole('link', { name: 'شرائط و ضوابط' })).toBeVisible();
    if (SHOTS) await guest.screenshot({ path: `${SHOTS}/ur-p-terms-${label}.png`, fullPage: true });
    await guest.context().close();
  }
});

test('the W3C checker finds no error in /p/terms, /ur/p/terms and the other server-rendered pages', async ({ browser }) => {
  // Terms published with Markdown of every kind the page renders (and raw HTML, rendered inert).
  const admin = await asAdmin(browser, DESKTOP);
  const terms = await termsForm(admin);
  const text = '## Orders\n\nPay **in cash**, see [Returns](/p/returns) and <https://example.com>.\n\n1. One\n2. Two\n\n- *A*\n- B\n\n> Quoted\n\n<img src=x onerror=alert(1)>';
  const input = { id: terms.id, title: terms.title, address: terms.address, text, titleUr: 'شرائط', textUr: '## آرڈر\n\nنقد **ادائیگی**', showInFooter: true, published: true };
  expect((await admin.request.post('/api/trpc/pages.update', { data: input, headers: { origin } })).status()).toBe(200);
  await admin.context().close();
  const shop = await createShop(e2eEnv(), { name: `Valid Shop ${Date.now() % 1_000_000}`, currency: 'PKR' });
  const product = await createProduct(e2eEnv(), shop, { name: `Valid Kurta ${Date.now() % 1_000_000}`, price: 150_000, stock: 3, images: 1 });

  const guest = await (await browser.newContext()).newPage();
  const documents: Record<string, string> = {};
  for (const path of ['/p/terms', '/ur/p/terms', '/browse', '/ur/browse', '/shops', `/product/${product.slug}`, `/shop/${shop.slug}`, '/p/no-such-page']) {
    const answer = await guest.request.get(path);
    expect(answer.headers()['content-type'], path).toMatch(/^text\/html/);
    documents[path] = await answer.text();
  }
  await guest.context().close();
  expect(checkHtml(documents)).toEqual([]);
});

test('the announcement shows on every public page until a browser dismisses it, and again once its text changes', async ({ browser }) => {
  const admin = await asAdmin(browser, PHONE);
  await admin.goto('/admin/settings');
  // The form (once saved, this page shows the bar too, a region of the same name).
  const section = admin.getByRole('form', { name: 'Announcement' });
  await section.getByRole('textbox', { name: 'Text', exact: true }).fill('x'.repeat(141));
  await section.getByRole('button', { name: 'Save announcement' }).click();
  await expect(section.getByText('Announcement must be at most 140 characters')).toBeVisible();
  await section.getByRole('textbox', { name: 'Text', exact: true }).fill('Eid sale: free delivery all week');
  await section.getByLabel('Urdu text').fill('عید سیل: پورا ہفتہ مفت ڈیلیوری');
  await section.getByLabel('Link').fill('/p/terms');
  await section.getByRole('button', { name: 'Save announcement' }).click();
  await expect(toast(admin, 'Announcement saved')).toBeVisible();
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/admin-settings-announcement-375.png`, fullPage: true });

  let text = 'Eid sale: free delivery all week';
  for (const viewport of [PHONE, DESKTOP]) {
    const guest = await (await browser.newContext({ viewport })).newPage();
    await guest.goto('/browse');
    const bar = guest.getByRole('region', { name: 'Announcement' });
    await expect(bar.getByRole('link', { name: text })).toHaveAttribute('href', '/p/terms');
    // The top bar and the phone's bottom navigation are all still there.
    await expect(guest.getByRole('banner')).toBeInViewport();
    if (viewport === PHONE) await expect(guest.getByRole('navigation', { name: 'Main', exact: true }).last().getByRole('link')).toHaveCount(5);
    if (SHOTS) await guest.screenshot({ path: `${SHOTS}/announcement-${viewport.width}.png` });
    await guest.goto('/ur/p/terms');
    await expect(guest.getByRole('region', { name: 'اعلان' }).getByRole('link', { name: 'عید سیل: پورا ہفتہ مفت ڈیلیوری' })).toHaveAttribute('href', '/ur/p/terms');
    await guest.getByRole('button', { name: 'اعلان بند کریں' }).click();
    await expect(guest.getByRole('region', { name: 'اعلان' })).toHaveCount(0);
    // Dismissed stays dismissed: another page, a reload, the other language.
    await guest.goto('/shops');
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guest.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
    await guest.reload();
    await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guest.getByRole('region', { name: 'Announcement' })).toHaveCount(0);

    // A new text shows again.
    if (viewport === PHONE) {
      text = 'Eid sale: free delivery until Sunday';
      await section.getByRole('textbox', { name: 'Text', exact: true }).fill(text);
      await section.getByRole('button', { name: 'Save announcement' }).click();
      await expect(toast(admin, 'Announcement saved')).toBeVisible();
      await guest.goto('/browse');
      await expect(guest.getByRole('region', { name: 'Announcement' })).toContainText('until Sunday');
    }
    await guest.context().close();
  }
  await admin.context().close();
});
