import { describe, expect, it } from 'vitest';
import { renderDocument, screenLinks } from './pages';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Marketplace</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-a.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>This marketplace needs JavaScript to run.</noscript>
  </body>
</html>`;

describe('served pages', () => {
  it('puts head, links, markup and data into index.html, "$" patterns included', () => {
    const html = renderDocument(TEMPLATE, {
      head: "<title>$& $' $`</title>",
      links: '<link rel="modulepreload" href="/assets/browse.js">',
      body: '<h1>$&</h1>',
      tail: '<script type="application/json" id="page-data">{}</script>',
    });
    expect(html).toContain("<title>$& $' $`</title>");
    expect(html).not.toContain('<title>Marketplace</title>');
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/browse.js">\s*<\/head>/);
    expect(html).toContain('<div id="root"><h1>$&</h1></div>');
    expect(html).not.toContain('<noscript>');
    expect(html).toMatch(/<script type="application\/json" id="page-data">\{\}<\/script>\s*<\/body>/);
  });

  it('leaves a client-only page as index.html, with its head when it has one', () => {
    expect(renderDocument(TEMPLATE, {})).toBe(TEMPLATE);
    const html = renderDocument(TEMPLATE, { head: '<title>Shop</title>' });
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<noscript>');
  });

  it("links a screen's styles and scripts that the shell does not already load", () => {
    const manifest = {
      'index.html': { file: 'assets/index-a.js', css: ['assets/index-a.css'], imports: ['_shared.js'], isEntry: true },
      '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
      'src/client/pages/browse.tsx': { file: 'assets/browse.js', css: ['assets/browse.css'], imports: ['_shared.js', '_grid.js'] },
      '_grid.js': { file: 'assets/grid.js', css: ['assets/grid.css', 'assets/shared.css'], imports: ['_shared.js'] },
      'src/client/pages/cart.tsx': { file: 'assets/cart.js' },
    };
    expect(screenLinks(manifest, 'src/client/pages/browse.tsx').split(/\n\s*/)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/browse.css">',
      '<link rel="stylesheet" crossorigin href="/assets/grid.css">',
      '<link rel="modulepreload" crossorigin href="/assets/browse.js">',
      '<link rel="modulepreload" crossorigin href="/assets/grid.js">',
    ]);
    expect(screenLinks(manifest, 'src/client/pages/unknown.tsx')).toBe('');
  });
});
