import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createProduct, createShop } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { rawRequest, startTestServer } from '../testing/test-server';
import { createShareHeadRenderer, escapeHtml } from './share-head';

describe('link previews', () => {
  it('renders escaped tags with a 1200x630 image cached on disk', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Tom & "Jerry" <Shop>' });
    const product = await createProduct(env, shop, {
      name: 'Mug <script>alert(1)</script>',
      descriptionHtml: `<p>${'Lovely mug. '.repeat(30)}</p><script>alert(2)</script>`,
      images: 1,
    });
    const render = createShareHeadRenderer(env.db, env.config.uploadsDir);
    const head = await render(`/product/${product.slug}`, 'https://shop.example');
    expect(head).toContain('<title>Mug &lt;script&gt;alert(1)&lt;/script&gt; | Tom &amp; &quot;Jerry&quot; &lt;Shop&gt;</title>');
    expect(head).not.toContain('<script>');
    const description = /name="description" content="([^"]*)"/.exec(head ?? '')?.[1] ?? '';
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.startsWith('Lovely mug.')).toBe(true);
    expect(head).toContain(`<meta property="og:url" content="https://shop.example/product/${product.slug}" />`);
    expect(head).toContain('summary_large_image');
    const image = /property="og:image" content="https:\/\/shop\.example(\/uploads\/share\/[a-f0-9]+\.jpg)"/.exec(head ?? '')?.[1];
    expect(image).toBeTruthy();
    const file = path.join(env.config.uploadsDir, image!.slice('/uploads/'.length));
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    const before = fs.statSync(file).mtimeMs;
    await render(`/product/${product.slug}`, 'https://shop.example');
    expect(fs.statSync(file).mtimeMs).toBe(before);

    const shopHead = await render(`/shop/${shop.slug}`, 'https://shop.example');
    expect(shopHead).toContain('og:title');
    expect(await render('/shop/dashboard', 'https://shop.example')).toBeNull();
    expect(await render('/product/unknown', 'https://shop.example')).toBeNull();
    expect(await render('/product/%E0%A4%A', 'https://shop.example')).toBeNull();
    expect(await render('/browse', 'https://shop.example')).toBeNull();
  });

  it('hides inactive products', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const product = await createProduct(env, shop, { isActive: false });
    expect(await createShareHeadRenderer(env.db)(`/product/${product.slug}`, 'http://x')).toBeNull();
  });

  it('keeps any text, "$" replacement patterns and markup included, inside the served page head', async () => {
    const hostile = "$` $& $' $1 </title><script>alert(1)</script>";
    const server = await startTestServer();
    try {
      const shop = await createShop(server.env, { name: `Shop ${hostile}` });
      const product = await createProduct(server.env, shop, { name: `Mug ${hostile}` });
      for (const [url, title] of [
        [`/product/${product.slug}`, `Mug ${escapeHtml(hostile)} | Shop ${escapeHtml(hostile)}`],
        [`/shop/${shop.slug}`, `Shop ${escapeHtml(hostile)} | `],
      ] as const) {
        const html = (await rawRequest(server.port, url)).text;
        expect(html.match(/<title>/g), url).toHaveLength(1);
        expect(html, url).toContain(`<title>${title}`);
        expect(html, url).not.toContain('<script>');
        expect(html.startsWith('<!doctype html><html><head><title>'), url).toBe(true);
        expect(html.endsWith('<body><div id="root"></div></body></html>'), url).toBe(true);
      }
    } finally {
      await server.close();
    }
  });

  it('escapes every special character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
