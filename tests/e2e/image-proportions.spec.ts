import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { createProduct, createShop, createSlider, pngImage } from '../../src/server/testing/factories';
import { accountId, e2eEnv } from './e2e-db';
import { ADMIN, createAccount } from './fixtures';

/**
 * Images keep their proportions (issue 23): a 1200 x 400 shop cover once rendered as a 400 px tall
 * strip on /shops, because the <img>'s height attribute acted as a CSS height. Every uploaded image
 * on the public pages is drawn at its own ratio, give or take 40%, unless its place crops it on
 * purpose (marked data-crop: round avatars, the storefront's fixed-height header).
 */

interface Seeded {
  shopSlug: string;
  shopName: string;
  productSlug: string;
}

let seeded: Seeded | null = null;

/** A shop with a square logo and a 3:1 banner, products with square pictures, and a banner slider. */
async function seed(): Promise<Seeded> {
  if (seeded) return seeded;
  const env = e2eEnv();
  const tag = randomUUID().slice(0, 6);
  const owner = await createAccount({ fullName: 'Cover Keeper', roles: ['shopkeeper'] });
  const shopName = `Covers ${tag}`;
  const shop = await createShop(env, {
    owner: owner.id,
    name: shopName,
    slug: `covers-${tag}`,
    description: 'Banners drawn at their own proportions.',
    logo: await pngImage('#1477c8', 400, 400),
    cover: await pngImage('#0d7a6f', 1200, 400),
  });
  const product = await createProduct(env, shop, { name: `Framed print ${tag}`, images: 2, stock: 20 });
  await createSlider(env, { admin: await accountId(ADMIN.email), title: `Sale ${tag}`, redirectUrl: '/browse' });
  seeded = { shopSlug: shop.slug, shopName, productSlug: product.slug };
  return seeded;
}

interface DrawnImage {
  src: string;
  natural: [number, number];
  drawn: [number, number];
  crop: boolean;
}

/** Every uploaded image the page shows, once each has loaded: its file's size and the size it is drawn at. */
async function drawnImages(page: Page): Promise<DrawnImage[]> {
  await page.waitForLoadState('load');
  // Lazy images load near the viewport: scroll through the page so each gets its file.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
    // A lazy image a scroll never brings near (a carousel's other slides, sideways) would never load:
    // ask for each now, so the wait below ends and every image is measured.
    for (const img of document.images) img.loading = 'eager';
  });
  // The images measured below: uploaded ones the page draws (one hidden by the layout at this width,
  // display: none, is never fetched while lazy, and has nothing to measure).
  // Scrolling to the bottom can load the list's next page: cards that arrive after the loop above are
  // lazy again, far below the viewport, and would never load. Each poll asks for those too.
  const loaded = await page
    .waitForFunction(
      () => {
        const measured = [...document.images].filter((img) => (img.currentSrc || img.src).includes('/uploads/') && img.getClientRects().length > 0);
        for (const img of measured) if (img.loading !== 'eager') img.loading = 'eager';
        return measured.every((img) => img.complete);
      },
      undefined,
      { timeout: 60_000, polling: 250 },
    )
    .then(() => true)
    .catch(() => false);
  if (!loaded) {
    // Name the images that never finished, so a failure says which file and where it sits.
    const pending = await page.evaluate(() =>
      [...document.images]
        .filter((img) => !img.complete && img.getClientRects().length > 0)
        .map((img) => `${img.currentSrc || img.src} (loading=${img.loading}, srcset=${img.srcset}, in ${img.parentElement?.outerHTML.slice(0, 200)})`),
    );
    throw new Error(`${page.url()}: images still loading after 60 s:\n${pending.join('\n')}`);
  }
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => img.currentSrc.includes('/uploads/') && img.getBoundingClientRect().width > 0)
      .map((img) => {
        const box = img.getBoundingClientRect();
        return { src: img.currentSrc, natural: [img.naturalWidth, img.naturalHeight], drawn: [box.width, box.height], crop: img.hasAttribute('data-crop') };
      }),
  ) as Promise<DrawnImage[]>;
}

/** Images drawn at a ratio more than 40% off their file's, without their place cropping on purpose. */
function distorted(images: DrawnImage[]): string[] {
  return images
    .filter((i) => !i.crop)
    .filter((i) => {
      const natural = i.natural[0] / i.natural[1];
      const drawn = i.drawn[0] / i.drawn[1];
      return Math.max(natural, drawn) / Math.min(natural, drawn) > 1.4;
    })
    .map((i) => `${i.src}: ${i.natural.join('x')} drawn ${i.drawn.map(Math.round).join('x')}`);
}

async function expectShopCovers(page: Page, shopName: string) {
  await page.goto('/shops');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: shopName }) });
  await expect(card).toBeVisible();
  const sizes = await card.evaluate((item) => {
    const article = item.querySelector('article')!.getBoundingClientRect();
    const cover = item.querySelector('article > :first-child')!.getBoundingClientRect();
    return { card: [article.width, article.height], cover: [cover.width, cover.height] };
  });
  expect(sizes.cover[0], 'cover wider than tall').toBeGreaterThan(sizes.cover[1]!);
  expect(sizes.cover[1], 'cover at most a third of the card').toBeLessThanOrEqual(sizes.card[1]! / 3 + 1);
  // Every card's cover, the fallback of shops without one included, keeps the banner's proportions.
  const covers = await page.locator('ul[aria-label="Shops"] article > :first-child').evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return box.width / box.height;
    }),
  );
  expect(covers.length).toBeGreaterThan(0);
  for (const ratio of covers) expect(ratio).toBeGreaterThan(2.5);
  // And every cover is the same whole number of pixels in every column and row (see the next test).
  const boxes = await page.locator('ul[aria-label="Shops"] article > :first-child').evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return `${box.width} x ${box.height}`;
    }),
  );
  expect(new Set(boxes), 'cover sizes').toEqual(new Set([boxes[0]]));
  expect(boxes[0], 'a cover in whole pixels').toMatch(/^\d+ x \d+$/);
}

/**
 * Shops whose covers are all 3:1 banners, found together by a word of their names; returned newest
 * (first on /shops) first.
 */
async function seedCoveredShops(count: number): Promise<{ word: string; slugs: string[] }> {
  const env = e2eEnv();
  const word = `Banner${randomUUID().slice(0, 6)}`;
  const slugs: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const shop = await createShop(env, { name: `${word} ${i}`, slug: `${word.toLowerCase()}-${i}`, cover: await pngImage(`#0d7a${(16 + i).toString(16)}`, 1200, 400) });
    slugs.unshift(shop.slug);
  }
  return { word, slugs };
}

async function expectProportions(page: Page, seededData: Seeded) {
  for (const path of ['/browse', '/shops', `/product/${seededData.productSlug}`, `/shop/${seededData.shopSlug}`]) {
    await page.goto(path);
    const images = await drawnImages(page);
    expect(images.length, `${path} shows uploaded images`).toBeGreaterThan(0);
    expect(images.filter((i) => i.natural[0] === 0), `${path}: images that did not load`).toEqual([]);
    expect(distorted(images), `${path}: images drawn out of proportion`).toEqual([]);
  }
}

test.describe('images keep their proportions', () => {
  test('shop covers are banners and no image is distorted, on a phone @phone', async ({ page }) => {
    // Every image of four pages must finish loading: beside another worker resizing a ZIP's images
    // (catalogue-transfer.spec) that takes longer than the default 45 s.
    test.slow();
    const data = await seed();
    await expectShopCovers(page, data.shopName);
    await expectProportions(page, data);
  });

  /**
   * The first card's cover is the page's largest contentful paint (issue 33). It is the one cover
   * fetched at once (fetchpriority=high); the rest are lazy. At the card's plain 3:1 the covers are drawn
   * 60 or 61 px tall by where their row falls (60.67 in Lighthouse's 412 px phone), so a lazy cover
   * further down the first screen, one pixel row larger, became the largest paint, 450 ms later in
   * Lighthouse's simulation. Phone widths from 360 to 430 px and a tablet's, in both languages.
   *
   * The covers are now all one size, but Chromium may report the first one a fraction of a pixel row
   * smaller when it is painted before the Urdu font has arrived (0.35% at 430 px: clipped at a pixel
   * boundary), and a later cover of the same size then counts as larger. Rare, and beyond what CSS can
   * set; what this guards is that no cover is drawn larger than the first: a later one within 1% of it.
   */
  test('the first card\'s cover stays the largest paint of /shops at every width @phone', async ({ browser }) => {
    test.slow();
    const { word, slugs } = await seedCoveredShops(8);
    for (const [width, scale] of [[360, 3], [375, 2], [393, 2.75], [412, 1.75], [430, 3], [768, 2]] as const) {
      for (const language of ['', '/ur']) {
        const context = await browser.newContext({ viewport: { width, height: 823 }, deviceScaleFactor: scale, isMobile: width < 640, hasTouch: true });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const paints: Array<{ shop: string; size: number }> = [];
          (window as unknown as { largestPaints: typeof paints }).largestPaints = paints;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as PerformanceEntry[] & { url: string; size: number; element: Element | null }[]) {
              if (entry.url) paints.push({ shop: entry.element?.closest('li')?.querySelector('a')?.getAttribute('href') ?? entry.url, size: entry.size });
            }
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        await page.goto(`${language}/shops?q=${word}`);
        await expect(page.getByRole('link', { name: `${word} 7` })).toBeVisible();
        // Every cover in the first screen drawn: the lazy ones too, which is when a larger one would count.
        await page.waitForFunction(() =>
          [...document.querySelectorAll('main li img')].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => (img as HTMLImageElement).complete),
        );
        await page.waitForTimeout(300);
        const images = await page.evaluate(() => (window as unknown as { largestPaints: Array<{ shop: string; size: number }> }).largestPaints);
        const seen = `${width} px${language}: the image paints that were the largest in turn: ${JSON.stringify(images)}`;
        expect(images[0]?.shop, seen).toBe(`${language}/shop/${slugs[0]}`);
        for (const later of images.slice(1)) expect(later.size, seen).toBeLessThanOrEqual(images[0]!.size * 1.01);
        await context.close();
      }
    }
  });

  /**
   * A shop's round avatar is a 56 px square on /shops, filled by the image's shorter edge: on this
   * 2.625 dppx phone a square logo needs 147 device pixels (the 160 px copy, not the 320 px one every
   * avatar took before), a 3:1 logo 147 px of height, so 441 px of width (the 480 px copy; the old
   * 320 px one was blurred).
   */
  test('a shop avatar is fetched as the smallest copy that fills its square sharply @phone', async ({ page }) => {
    const env = e2eEnv();
    const word = `Avatar${randomUUID().slice(0, 6)}`;
    const cover = await pngImage('#0d7a6f', 1200, 400);
    await createShop(env, { name: `${word} square`, slug: `${word.toLowerCase()}-square`, cover, logo: await pngImage('#1477c8', 400, 400) });
    await createShop(env, { name: `${word} wide`, slug: `${word.toLowerCase()}-wide`, cover, logo: await pngImage('#c81477', 900, 300) });
    await page.goto(`/shops?q=${word}`);
    const avatars = await Promise.all(
      ['square', 'wide'].map(async (kind) => {
        const img = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `${word} ${kind}` }) }).locator('img').last();
        await expect(img).toHaveJSProperty('complete', true);
        return img.evaluate(async (el: HTMLImageElement) => {
          // The file's own pixels (an <img> with srcset reports its size divided by the copy's density).
          const file = new Image();
          file.src = el.currentSrc;
          await file.decode();
          return { file: el.currentSrc.replace(/.*\/[0-9a-f]+/, ''), pixels: [file.naturalWidth, file.naturalHeight], needed: Math.min(el.width, el.height) * devicePixelRatio };
        });
      }),
    );
    expect(avatars.map((a) => a.file), JSON.stringify(avatars)).toEqual(['-160w.webp', '-480w.webp']);
    for (const avatar of avatars) expect(Math.min(...avatar.pixels), JSON.stringify(avatar)).toBeGreaterThanOrEqual(avatar.needed);
  });

  for (const width of [768, 1280]) {
    test(`shop covers are banners and no image is distorted, ${width} px wide`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      const data = await seed();
      await expectShopCovers(page, data.shopName);
      await expectProportions(page, data);
    });
  }
});
