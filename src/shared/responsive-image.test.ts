import { describe, expect, it } from 'vitest';
import { srcSet, variantUrl, variantWidthsFor } from './responsive-image';

describe('responsive images', () => {
  it('makes copies only narrower than the original', () => {
    expect(variantWidthsFor(1600)).toEqual([320, 480, 640, 1024]);
    expect(variantWidthsFor(800)).toEqual([320, 480, 640]);
    expect(variantWidthsFor(640)).toEqual([320, 480]);
    expect(variantWidthsFor(200)).toEqual([]);
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
});
