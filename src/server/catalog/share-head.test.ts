import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, srcSet } from '../../shared/responsive-image';
import { createProduct, createShop, pngImage } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { rawRequest, startTestServer } from '../testing/test-server';
import { DEFAULT_SITE } from '../../shared/site';
import { createShareHeadRenderer, escapeHtml, privateHead, renderImagePreload, siteTags } from './share-head';

/** A private page's whole head: its own tags, then what every page says of the marketplace (issue 47). */
const privatePage = () => `${privateHead()}\n    ${siteTags(DEFAULT_SITE, 'en')}`;

describe('link previews', () => {
  it('renders escaped tags with a 1200x630 image cached on disk', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Tom & "Jerry" <Shop>' });
    const product = await createProduct(env, shop, {
      name: 'Mug <script>alert(1)</script>',
      descriptionHtml: `<p>${'Lovely mug. '.repeat(30)}</p><script>alert(2)</script>`,
      images: 1,
    });
    const render = createShareHeadRenderer(env.db, env.config.storage);
    const head = await render(`/product/${product.slug}`, 'https://shop.example');
    expect(head).toContain('<title>Mug &lt;script&gt;alert(1)&lt;/script&gt; · Tom &amp; &quot;Jerry&quot; &lt;Shop&gt; · Marketplace</title>');
    expect(head).not.toContain('<script>alert');
    const description = /name="description" content="([^"]*)"/.exec(head ?? '')?.[1] ?? '';
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.startsWith('Lovely mug.')).toBe(true);
    expect(head).toContain(`<meta property="og:url" content="https://shop.example/product/${product.slug}" />`);
    expect(head).toContain('summary_large_image');
    const image = /property="og:image" content="https:\/\/shop\.example(\/uploads\/share\/[a-f0-9]+\.jpg)"/.exec(head ?? '')?.[1];
    expect(image).toBeTruthy();
    // The image's text for those who cannot see it (issue 33): the product's name, escaped.
    expect(head).toContain('<meta property="og:image:alt" content="Mug &lt;script&gt;alert(1)&lt;/script&gt;" />');
    expect(head).toContain('<meta name="twitter:image:alt" content="Mug &lt;script&gt;alert(1)&lt;/script&gt;" />');
    const file = path.join(env.config.uploadsDir, image!.slice('/uploads/'.length));
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    const before = fs.statSync(file).mtimeMs;
    await render(`/product/${product.slug}`, 'https://shop.example');
    expect(fs.statSync(file).mtimeMs).toBe(before);

    const shopHead = await render(`/shop/${shop.slug}`, 'https://shop.example');
    expect(shopHead).toContain('og:title');
    // Private screens and unknown products are kept out of search engines.
    for (const other of ['/shop/dashboard', '/product/unknown', '/product/%E0%A4%A', '/cart', '/admin/users']) {
      expect(await render(other, 'https://shop.example'), other).toBe(privatePage());
    }
    // The public lists have a title, description and canonical URL of their own.
    for (const [list, title] of [['/browse', 'Discover products | Marketplace'], ['/shops', 'All shops | Marketplace']]) {
      const listHead = await render(list!, 'https://shop.example');
      expect(listHead).toContain(`<title>${title}</title>`);
      expect(listHead).toMatch(/<meta name="description" content="[^"]{40,160}" \/>/);
      expect(listHead).toContain(`<link rel="canonical" href="https://shop.example${list}" />`);
    }
  });

  it('gives a shop without pictures a generated 1200x630 share image, cached by shop and name', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Plain Goods' });
    expect(shop.logoUrl ?? shop.coverUrl).toBeNull();
    const render = createShareHeadRenderer(env.db, env.config.storage);
    const server = await startTestServer({ renderHead: render }, env);
    try {
      const html = (await rawRequest(server.port, `/shop/${shop.slug}`)).text;
      const image = /property="og:image" content="https?:\/\/[^/"]+(\/uploads\/share\/[a-z0-9-]+\.jpg)"/.exec(html)?.[1];
      expect(image, html).toBeTruthy();
      expect(html).toContain('<meta property="og:image:width" content="1200" />');
      expect(html).toContain('<meta property="og:image:height" content="630" />');
      expect(html).toContain('summary_large_image');
      const file = path.join(env.config.uploadsDir, image!.slice('/uploads/'.length));
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
      const before = fs.statSync(file).mtimeMs;
      expect(await render(`/shop/${shop.slug}`, 'https://x.example')).toContain(image!);
      expect(fs.statSync(file).mtimeMs).toBe(before);

      // A new name draws a new picture.
      await env.db.updateTable('shops').set({ name: 'Renamed Goods' }).where('id', '=', shop.id).execute();
      const renamed = await render(`/shop/${shop.slug}`, 'https://x.example');
      expect(renamed).toContain('/uploads/share/');
      expect(renamed).not.toContain(image!);
    } finally {
      await server.close();
    }
  });

  it('makes a share image once when many first visits of the page arrive together', async () => {
    const env = createTestEnv();
    const product = await createProduct(env, await createShop(env), { images: 1 });
    const puts: string[] = [];
    const storage = { ...env.config.storage, put: (key: string, data: Buffer, type: string) => (puts.push(key), env.config.storage.put(key, data, type)) };
    const render = createShareHeadRenderer(env.db, storage);
    const heads = await Promise.all(Array.from({ length: 12 }, () => render(`/product/${product.slug}`, 'https://shop.example')));
    expect(new Set(heads).size).toBe(1);
    expect(heads[0]).toMatch(/og:image" content="https:\/\/shop\.example\/uploads\/share\//);
    expect(puts.filter((key) => key.startsWith('share/'))).toHaveLength(1);
  });

  it("preloads a product page's main image and a storefront's cover with the srcset and sizes their <img> use", async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const product = await createProduct(env, shop, { images: [await pngImage('#aa0000', 900, 900)] });
    const head = await createShareHeadRenderer(env.db, env.config.storage)(`/product/${product.slug}`, 'https://x.example');
    const image = { url: product.images[0]!.url, width: 900, height: 900, widths: [160, 320, 480, 640] };
    const preload = renderImagePreload(image, 'productMain');
    expect(preload).toBe(
      `<link rel="preload" as="image" href="${image.url}" imagesrcset="${srcSet(image)}" imagesizes="${IMAGE_SIZES.productMain}" fetchpriority="high" />`,
    );
    expect(head).toContain(preload);
    const pictured = await createShop(env, { cover: await pngImage('#123456', 1400, 500) });
    const cover = { url: pictured.coverUrl!, width: 1400, height: 500, widths: [160, 320, 480, 640, 1024] };
    expect(await createShareHeadRenderer(env.db, env.config.storage)(`/shop/${pictured.slug}`, 'https://x.example')).toContain(
      renderImagePreload(cover, 'wide'),
    );
    expect(renderImagePreload(null, 'card')).toBe('');
    expect(renderImagePreload({ url: '/uploads/aa/x.webp', width: null, height: null, widths: [] }, 'card')).toBe(
      '<link rel="preload" as="image" href="/uploads/aa/x.webp" fetchpriority="high" />',
    );
  });

  it('hides inactive products', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const product = await createProduct(env, shop, { isActive: false });
    expect(await createShareHeadRenderer(env.db)(`/product/${product.slug}`, 'http://x')).toBe(privatePage());
  });

  it('keeps any text, "$" replacement patterns and markup included, inside the served page head', async () => {
    const hostile = "$` $& $' $1 </title><script>alert(1)</script>";
    const server = await startTestServer();
    try {
      const shop = await createShop(server.env, { name: `Shop ${hostile}` });
      const product = await createProduct(server.env, shop, { name: `Mug ${hostile}` });
      for (const [url, title] of [
        [`/product/${product.slug}`, `Mug ${escapeHtml(hostile)} · Shop ${escapeHtml(hostile)} · Marketplace`],
        [`/shop/${shop.slug}`, `Shop ${escapeHtml(hostile)} · Marketplace`],
      ] as const) {
        const html = (await rawRequest(server.port, url)).text;
        expect(html.match(/<title>/g), url).toHaveLength(1);
        expect(html, url).toContain(`<title>${title}`);
        expect(html, url).not.toContain('<script>alert');
        expect(html.startsWith('<!doctype html><html lang="en"><head><title>'), url).toBe(true);
        // The page, rendered in the browser here (no server renderer in this test), ends with what its shell shows (the footer's pages, the announcement).
        expect(html, url).toMatch(/<body><div id="root"><\/div>\s*<script type="application\/json" id="shell-data">[^<]*<\/script>\s*<\/body><\/html>$/);
      }
    } finally {
      await server.close();
    }
  });

  it('escapes every special character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
