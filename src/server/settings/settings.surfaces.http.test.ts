// The one source of the marketplace's identity (issue 47, product-decisions 7): once an admin renames
// the marketplace and picks a colour, every surface says the new name: each page's <title>, share tags,
// JSON-LD, the page's head (theme colour, app label, brand variables, the identity the script starts
// from), both web app manifests, emails (their text and their sender's name), the WhatsApp texts.
// (The packing slip is drawn in the browser from the page's identity: tests/e2e/marketplace-settings.spec.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { deliverOutbox, useSmtpServer } from '../testing/smtp-server';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { rawRequest, signInOverHttp, startTestServer, type TestServer } from '../testing/test-server';

const MAIL = { publicUrl: 'https://shop.example.test', linkKey: 'test-email-link-key' };
const LAHORE = { name: 'Lahore Bazaar', shortName: 'Bazaar', tagline: 'Every shop of Lahore, cash on delivery', brandColour: '#1d4ed8', supportWhatsapp: '923001234567', contactEmail: '', countryCode: '92' };

const smtp = useSmtpServer();
let env: TestEnv;
let server: TestServer;
let productSlug = '';
let shopSlug = '';

beforeAll(async () => {
  env = createTestEnv({ mail: MAIL });
  await createUser(env, { email: 'surfaces-admin@example.test', roles: ['admin'] });
  const owner = await createUser(env, { roles: ['shopkeeper'], isPro: true });
  const shop = await createShop(env, { owner, name: 'Anarkali Crafts', slug: 'anarkali-crafts' });
  shopSlug = shop.slug;
  productSlug = (await createProduct(env, shop, { name: 'Khussa', stock: 5 })).slug;
  server = await startTestServer({}, env);
  // The built client's manifests, where the server reads them (vite.config.ts writes Urdu's at build).
  const client = path.join(env.dir, 'client');
  fs.copyFileSync('public/manifest.webmanifest', path.join(client, 'manifest.webmanifest'));
  fs.mkdirSync(path.join(client, 'ur'));
  const urdu = { ...JSON.parse(fs.readFileSync('public/manifest.webmanifest', 'utf8')), name: 'مارکیٹ پلیس', short_name: 'مارکیٹ پلیس', dir: 'rtl' };
  fs.writeFileSync(path.join(client, 'ur', 'manifest.webmanifest'), JSON.stringify(urdu));
});
afterAll(async () => {
  await server.close();
  await env.db.destroy();
});

/** A save as the browser sends it: through this server, whose caches it empties as any write does. */
async function save(input: typeof LAHORE): Promise<number> {
  const cookie = await signInOverHttp(server.port, 'surfaces-admin@example.test');
  const base = `http://127.0.0.1:${server.port}`;
  const reply = await fetch(`${base}/api/trpc/settings.save`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(input) });
  await reply.arrayBuffer();
  return reply.status;
}

const page = async (urlPath: string) => (await rawRequest(server.port, urlPath)).text;
const manifest = async (urlPath: string) => (await rawRequest(server.port, urlPath)).json<{ name: string; short_name: string; theme_color: string; description: string }>();
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const siteData = (html: string) => JSON.parse(/<script type="application\/json" id="site-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, name: string) => [...html.matchAll(new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('the marketplace\'s name and colour, on every surface', () => {
  it('are "Marketplace" and today\'s colour until an admin changes them', async () => {
    const browse = await page('/browse');
    expect(titleOf(browse)).toBe('Discover products | Marketplace');
    expect(metaOf(browse, 'theme-color')).toEqual(['#0d7a6f']);
    expect(siteData(browse)).toEqual({ name: 'Marketplace', shortName: 'Marketplace', tagline: '', brandColour: '#0d7a6f', logo: null });
    expect(await manifest('/manifest.webmanifest')).toMatchObject({ name: 'Marketplace', short_name: 'Marketplace', theme_color: '#0d7a6f' });
    expect((await manifest('/ur/manifest.webmanifest')).name).toBe('مارکیٹ پلیس');
  });

  it('once saved, every page, head, manifest, email and WhatsApp text says the new ones', async () => {
    expect(await save(LAHORE)).toBe(200);

    // Pages: their titles, share tags, JSON-LD, and the head every page carries.
    const browse = await page('/browse');
    expect(titleOf(browse)).toBe('Discover products | Lahore Bazaar');
    expect(metaOf(browse, 'og:site_name')).toEqual(['Lahore Bazaar']);
    expect(metaOf(browse, 'description')).toEqual([LAHORE.tagline]);
    expect(jsonLd(browse)).toContainEqual(expect.objectContaining({ '@type': 'WebSite', name: 'Lahore Bazaar', description: LAHORE.tagline }));
    expect(metaOf(browse, 'theme-color')).toEqual(['#1d4ed8']);
    expect(metaOf(browse, 'apple-mobile-web-app-title')).toEqual(['Bazaar']);
    expect(browse).toContain('<style>:root{--brand:#1d4ed8;');
    expect(siteData(browse)).toEqual({ name: 'Lahore Bazaar', shortName: 'Bazaar', tagline: LAHORE.tagline, brandColour: '#1d4ed8', logo: null });
    expect(browse).not.toContain('Marketplace<');

    const product = await page(`/product/${productSlug}`);
    expect(titleOf(product)).toBe('Khussa · Anarkali Crafts · Lahore Bazaar');
    const crumbs = jsonLd(product).find((data) => data['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ name: string }> };
    expect(crumbs.itemListElement[0]!.name).toBe('Lahore Bazaar');
    expect(titleOf(await page(`/shop/${shopSlug}`))).toBe('Anarkali Crafts · Lahore Bazaar');
    expect(titleOf(await page('/ur/shop/' + shopSlug))).toContain('Lahore Bazaar');
    // A page that is not public (the cart, an admin screen) is named by the marketplace too.
    expect(titleOf(await page('/cart'))).toBe('Lahore Bazaar');
    expect(titleOf(await page('/admin/settings'))).toBe('Lahore Bazaar');

    // The installed app's manifests, in both languages.
    expect(await manifest('/manifest.webmanifest')).toMatchObject({ name: 'Lahore Bazaar', short_name: 'Bazaar', theme_color: '#1d4ed8', description: LAHORE.tagline });
    expect(await manifest('/ur/manifest.webmanifest')).toMatchObject({ name: 'Lahore Bazaar', short_name: 'Bazaar', theme_color: '#1d4ed8' });

    // A checkout: the shop's WhatsApp text, the buyer's receipt and its sender's name.
    const placed = await env.as(null).orders.checkout({
      items: [{ productId: (await env.db.selectFrom('products').select('id').where('slug', '=', productSlug).executeTakeFirstOrThrow()).id, quantity: 1, color: null, size: null }],
      shipping: SHIPPING,
      attemptKey: 'surfaces-attempt-0123456789',
    });
    const text = decodeURIComponent(new URL(placed.orders[0]!.whatsappUrl!).searchParams.get('text') ?? '');
    expect(text).toContain('Placed on Lahore Bazaar');
    await deliverOutbox(env.db, smtp.server, env.clock.now);
    const [receipt] = await smtp.server.waitFor(1);
    expect(receipt!.parsed.from?.text).toContain('Lahore Bazaar');
    expect(receipt!.text).toContain('Lahore Bazaar');
    expect(receipt!.text).not.toMatch(/\bMarketplace\b/);
  });

  it('the trial-expired button writes to the saved support number, naming the marketplace', async () => {
    const expired = await createUser(env, { roles: ['shopkeeper'], trialStartAt: new Date(env.clock.now.getTime() - 24 * 3_600_000) });
    const { url } = await env.as(expired).shops.supportLink();
    expect(url).toMatch(/^https:\/\/wa\.me\/923001234567\?text=/);
    expect(decodeURIComponent(url!.split('text=')[1]!)).toContain('Hello Lahore Bazaar,');
  });

  it('a refused save leaves every surface as it was', async () => {
    expect(await save({ ...LAHORE, name: '    ', brandColour: '#ffff00' })).toBe(400);
    expect(titleOf(await page('/browse'))).toBe('Discover products | Lahore Bazaar');
    expect((await manifest('/manifest.webmanifest')).theme_color).toBe('#1d4ed8');
  });
});
