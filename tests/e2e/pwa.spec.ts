import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';

/** The installable app: manifest, icons, service worker (offline shell) and the install prompt. */

test('the manifest is served with its content type and names the app, its icons and theme colour', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest.name).toBe('Marketplace');
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.start_url).toBe('/browse');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of [192, 512]) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').split(' ').includes(purpose));
      expect(icon, `${purpose} ${size}`).toBeDefined();
      const file = await request.get(icon!.src);
      expect(file.headers()['content-type']).toBe('image/png');
      const meta = await sharp(await file.body()).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
  }
});

test("an Urdu page links the Urdu app's manifest: Urdu names, right to left, opening /ur/browse", async ({ request }) => {
  const html = await (await request.get('/ur/browse')).text();
  expect(html).toContain('<link rel="manifest" href="/ur/manifest.webmanifest"');
  const response = await request.get('/ur/manifest.webmanifest');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const urdu = (await response.json()) as Record<string, unknown>;
  const english = (await (await request.get('/manifest.webmanifest')).json()) as Record<string, unknown>;
  expect(urdu).toEqual({
    ...english,
    name: 'مارکیٹ پلیس',
    short_name: 'مارکیٹ پلیس',
    description: 'مقامی دکانوں سے خریدیں اور ادائیگی ڈیلیوری پر نقد کریں۔',
    lang: 'ur',
    dir: 'rtl',
    id: '/ur/browse',
    start_url: '/ur/browse',
  });
});

test('index.html links the manifest and an apple touch icon; sw.js is never cached by HTTP', async ({ request }) => {
  const html = await (await request.get('/browse')).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  expect(html).toContain('rel="apple-touch-icon"');
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toContain('javascript');
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    return registration.active?.state;
  });
}

test('the service worker registers, and the app opens offline with a notice that data cannot load', async ({ page, context }) => {
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForServiceWorker(page);
  // The cached shell holds the entry script and the lazy screens it names.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
  expect(cached.filter((u) => /^\/(api|auth|uploads)\//.test(u))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Marketplace' })).toBeVisible();
  await expect(page.getByText("You're offline.")).toBeVisible();
  // Another screen of the shell, never visited online, opens too.
  await page.goto('/guest/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText("You're offline.")).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText("You're offline.")).toHaveCount(0);
  const after = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(after.filter((u) => /^\/(api|auth|uploads)\//.test(u))).toEqual([]);
});

/** Simulates Chromium offering installation, once /browse is hydrated (its listener is in place by then: a real offer comes long after). */
async function offerInstall(page: Page) {
  await expect(page.getByRole('button', { name: 'All', exact: true })).toBeEnabled();
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  });
}

test('the install prompt appears 1 s after the browser offers installation; Maybe Later remembers @phone', async ({ page }) => {
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(page);
  const dialog = page.getByRole('dialog', { name: 'Install Marketplace' });
  await page.waitForTimeout(500);
  await expect(dialog).toHaveCount(0);
  await expect(dialog).toBeVisible({ timeout: 2000 });
  // The modal takes focus.
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Install Now' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('pwa-prompt-dismissed'))).not.toBeNull();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(page);
  await page.waitForTimeout(1500);
  await expect(dialog).toHaveCount(0);
});

test('Install Now opens the browser install dialog and hides the prompt', async ({ page }) => {
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await offerInstall(page);
  const dialog = page.getByRole('dialog', { name: 'Install Marketplace' });
  await expect(dialog).toBeVisible();
  // Focus stays inside the modal.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
  await dialog.getByRole('button', { name: 'Install Now' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('pwa-prompt-dismissed'))).toBeNull();
});
