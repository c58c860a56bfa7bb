// Screenshots of pages at phone (375 px) and desktop (1280 px) widths, to look at what we build.
// Usage: npx node scripts/screenshot.mjs --base http://127.0.0.1:3000 --out /tmp/shots [--login email:password] [--full] /browse /cart ...
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import { ensureChromium } from './services/chromium.mjs';

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
const login = option('login', null);
const wait = Number(option('wait', '700'));
const full = flag('full');
const paths = args.length ? args : ['/browse'];
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
  const page = await context.newPage();
  if (login) {
    const [email, password] = login.split(':');
    const { csrfToken } = await (await page.request.get(`${base}/auth/csrf`)).json();
    await page.request.post(`${base}/auth/callback/credentials`, {
      form: { email, password, csrfToken },
      headers: { 'X-Auth-Return-Redirect': '1' },
    });
  }
  for (const path of paths) {
    await page.goto(base + path);
    await page.waitForTimeout(wait);
    const file = `${out}/${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${width}.png`;
    await page.screenshot({ path: file, fullPage: full });
    console.log(file);
  }
  await context.close();
}
await browser.close();
