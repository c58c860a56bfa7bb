import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '../../../shared/responsive-image';
import { ResponsiveImg } from './responsive-img';

const image = { url: '/uploads/ab/x.webp', width: 1000, height: 800, widths: [320, 640] };
const render = (props: Parameters<typeof ResponsiveImg>[0]) => renderToStaticMarkup(createElement(ResponsiveImg, props));

describe('ResponsiveImg', () => {
  it('draws the main image at once and first, with srcset, sizes, width and height', () => {
    const html = render({ image, placement: 'productMain', load: 'high', alt: 'Mug' });
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain(`sizes="${IMAGE_SIZES.productMain}"`);
    expect(html).toContain('srcSet="/uploads/ab/x-320w.webp 320w, /uploads/ab/x-640w.webp 640w, /uploads/ab/x.webp 1000w"');
    expect(html).toContain('width="1000" height="800"');
    expect(html).not.toContain('decoding');
  });

  it('loads other images lazily, and an image without copies from its fallback', () => {
    const html = render({ image: { ...image, widths: [] }, placement: 'card', alt: '', fallbackSrc: '/uploads/ab/x-thumb.webp' });
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).not.toContain('srcSet');
    expect(html).not.toContain('fetchPriority');
    expect(html).toContain('src="/uploads/ab/x-thumb.webp"');
  });
});
