import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, sizesOf, srcSet, variantUrl, variantWidthsFor } from './responsive-image';

describe('responsive images', () => {
  it('makes copies only narrower than the original', () => {
    expect(variantWidthsFor(1600)).toEqual([160, 320, 480, 640, 1024]);
    expect(variantWidthsFor(800)).toEqual([160, 320, 480, 640]);
    expect(variantWidthsFor(640)).toEqual([160, 320, 480]);
    expect(variantWidthsFor(200)).toEqual([160]);
    expect(variantWidthsFor(160)).toEqual([]);
  });

  it('names a copy beside its original', () => {
    expect(variantUrl('/uploads/ab/f00d.webp', 320)).toBe('/uploads/ab/f00d-320w.webp');
  });

  it('lists the copies and the original by width, or nothing without copies', () => {
    expect(srcSet({ url: '/uploads/ab/x.webp', width: 800, height: 600, widths: [320, 640] })).toBe(
      '/uploads/ab/x-320w.webp 320w, /uploads/ab/x-640w.webp 640w, /uploads/ab/x.webp 800w',
    );
    expect(srcSet({ url: '/uploads/ab/x.webp', width: 200, height: 200, widths: [] })).toBeUndefined();
    expect(srcSet({ url: '/elsewhere.png', width: null, height: null, widths: [] })).toBeUndefined();
  });

  it('sizes a square by the side the image is drawn at: wider than tall, by its ratio', () => {
    const image = (width: number, height: number) => ({ url: '/uploads/ab/x.webp', width, height, widths: [160, 320] });
    // A square or upright avatar on /shops fills its 56 px square with its width.
    expect(sizesOf(image(400, 400), 'avatar')).toBe('56px');
    expect(sizesOf(image(300, 400), 'avatar')).toBe('56px');
    // A 3:1 logo is 56 px tall, so 168 px wide: a 160 px copy would be blurred.
    expect(sizesOf(image(900, 300), 'avatar')).toBe('168px');
    expect(sizesOf(image(1000, 750), 'badge')).toBe('38px');
    // A storefront's logo is 72 px on phones, 96 from 640 px up.
    expect(sizesOf(image(400, 400), 'logo')).toBe('(min-width: 640px) 96px, 72px');
    expect(sizesOf(image(1000, 750), 'logo')).toBe('(min-width: 640px) 128px, 96px');
    // Places that are not squares keep their own sizes, whatever the image.
    expect(sizesOf(image(900, 300), 'card')).toBe(IMAGE_SIZES.card);
    expect(sizesOf({ url: '/elsewhere.png', width: null, height: null, widths: [] }, 'avatar')).toBe(IMAGE_SIZES.avatar);
  });
});
