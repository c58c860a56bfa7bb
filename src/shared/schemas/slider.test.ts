import { describe, expect, it } from 'vitest';
import { addSliderSchema, isExternalRedirect, isSafeRedirectUrl, REDIRECT_URL_INVALID, REDIRECT_URL_REQUIRED } from './slider';

describe('isSafeRedirectUrl', () => {
  it.each(['/product/example', '/browse', '/shop/acme?tab=reviews', 'https://example.com/sale', 'http://example.com'])('accepts %s', (url) => {
    expect(isSafeRedirectUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '//evil.example',
    '/\\evil.example',
    'product/example',
    'ftp://example.com',
    'mailto:a@b.c',
    'https://',
    '',
    '/pro duct',
  ])('refuses %j', (url) => {
    expect(isSafeRedirectUrl(url)).toBe(false);
  });

  it('tells external links from internal paths', () => {
    expect(isExternalRedirect('/product/x')).toBe(false);
    expect(isExternalRedirect('https://example.com')).toBe(true);
  });
});

describe('addSliderSchema', () => {
  const base = { imageUrl: '/uploads/ab/x.webp', redirectUrl: '/product/example' };

  it('defaults display order to 0 and an empty title to null', () => {
    expect(addSliderSchema.parse({ ...base, title: '  ' })).toEqual({ ...base, title: null, displayOrder: 0 });
  });

  it('requires a redirect URL with the spec message', () => {
    const r = addSliderSchema.safeParse({ ...base, redirectUrl: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(REDIRECT_URL_REQUIRED);
  });

  it('refuses a javascript: redirect URL with a clear message', () => {
    const r = addSliderSchema.safeParse({ ...base, redirectUrl: 'javascript:alert(document.cookie)' });
    expect(r.error?.issues[0]?.message).toBe(REDIRECT_URL_INVALID);
  });

  it('requires an image', () => {
    const r = addSliderSchema.safeParse({ ...base, imageUrl: '' });
    expect(r.error?.issues[0]?.message).toBe('Please upload an image');
  });

  it('refuses a negative or fractional display order', () => {
    expect(addSliderSchema.safeParse({ ...base, displayOrder: -1 }).success).toBe(false);
    expect(addSliderSchema.safeParse({ ...base, displayOrder: 1.5 }).success).toBe(false);
  });
});
