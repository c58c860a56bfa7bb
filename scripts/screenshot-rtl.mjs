// Screenshots of a buyer's way through the shop (browse, a product, adding it: the toast, the cart, the
// clear-cart dialog, checkout) at 375 and 1280 px, as the page is, and again right to left: with
// --rtl, each step once more after `<html dir="rtl" lang="ur">`; with --urdu, a third time with the
// words of headings, links, labels and buttons swapped for Urdu ones, to see Noto Naskh Arabic and its
// line heights (the app's own Urdu texts and /ur routes come with the i18n work).
// Usage: npx node scripts/screenshot-rtl.mjs --base http://127.0.0.1:3000 --out /tmp/shots [--rtl] [--urdu] [--full]
//        [--product <slug>]   (a product with colours and sizes; default: the demo seed's lawn kurta)
/* global document, window, NodeFilter -- page.evaluate's functions run in the browser */
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args.splice(i, 2)[1];
};
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i !== -1 && args.splice(i, 1).length > 0;
};
const base = option('base', 'http://127.0.0.1:3000');
const out = option('out', '/tmp/shots');
const productPrefix = option('product', 'embroidered-lawn-kurta');
const urdu = flag('urdu');
const full = flag('full');
const rtl = flag('rtl') || urdu;
fs.mkdirSync(out, { recursive: true });

const require = createRequire(import.meta.url);
const fontFile = (weight) => require.resolve(`@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${weight}-normal.woff2`);
// Until the i18n code calls loadUrduFont(), the built app has no Urdu font of its own: the same faces,
// served from the package through the page's origin (the CSP allows fonts from 'self' only).
const FONT_FACES = [400, 700]
  .map((weight) => `@font-face{font-family:'Noto Naskh Arabic';font-weight:${weight};font-display:swap;src:url(/__screenshot-font/${weight}.woff2) format('woff2')}`)
  .join('');

const SAMPLES = ['کڑھائی والا لان کرتا', 'ٹوکری میں ڈالیں', 'خریداری جاری رکھیں', 'آرڈر کی تصدیق', 'نیا', 'دکان', 'قیمت اور ترسیل'];

async function direction(page, mode) {
  if (mode === 'ltr') return;
  await page.evaluate(
    ({ faces, swapWords, samples }) => {
      document.documentElement.dir = 'rtl';
      document.documentElement.lang = 'ur';
      if (!document.getElementById('screenshot-font')) {
        const style = Object.assign(document.createElement('style'), { id: 'screenshot-font', textContent: faces });
        document.head.append(style);
      }
      if (!swapWords) return;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let i = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (text.length < 3 || /\d/.test(text) || !node.parentElement?.closest('h1,h2,h3,a,button,label,legend,p,li,dt,dd')) continue;
        window.__swapped = [...(window.__swapped ?? []), [node, node.textContent]];
        node.textContent = samples[i++ % samples.length];
      }
    },
    { faces: FONT_FACES, swapWords: mode === 'urdu', samples: SAMPLES },
  );
  await page.evaluate(() => document.fonts.ready);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const modes = ['ltr', ...(rtl ? ['rtl'] : []), ...(urdu ? ['urdu'] : [])];
for (const width of [375, 1280]) {
  for (const mode of modes) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 }, reducedMotion: 'reduce' });
    await context.route('**/__screenshot-font/*.woff2', (route) =>
      route.fulfill({ path: fontFile(new URL(route.request().url()).pathname.match(/(\d+)\.woff2$/)[1]), contentType: 'font/woff2' }),
    );
    const page = await context.newPage();
    const shot = async (name) => {
      await direction(page, mode);
      await page.waitForTimeout(400);
      const file = `${out}/${name}-${width}-${mode}.png`;
      await page.screenshot({ path: file, fullPage: full });
      // The English words back, so the next steps find their buttons by name.
      await page.evaluate(() => {
        for (const [node, text] of window.__swapped ?? []) node.textContent = text;
        window.__swapped = [];
      });
      console.log(file);
    };
    await page.goto(`${base}/browse`);
    await page.getByRole('button', { name: 'Pause banners' }).click();
    await page.getByRole('button', { name: 'Show banner 2' }).click();
    await shot('browse');
    await page.goto(`${base}/browse`);
    const link = page.locator(`a[href^="/product/${productPrefix}"]`).first();
    const href = await link.getAttribute('href');
    await page.goto(base + href);
    await page.waitForLoadState('networkidle');
    await shot('product');
    await page.getByRole('radiogroup').first().getByRole('radio').first().click();
    await page.getByRole('radiogroup').nth(1).locator('[role=radio]:not([disabled])').last().click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added to cart').waitFor();
    await shot('product-toast');
    await page.goto(`${base}/cart`);
    await page.getByRole('button', { name: 'Increase quantity' }).first().waitFor();
    await shot('cart');
    await page.getByRole('button', { name: 'Clear Cart' }).first().click();
    await page.getByRole('alertdialog').waitFor();
    await shot('cart-dialog');
    await page.keyboard.press('Escape');
    await page.goto(`${base}/checkout`);
    await page.waitForLoadState('networkidle');
    await shot('checkout');
    await context.close();
  }
}
await browser.close();
