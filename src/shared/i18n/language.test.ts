import { describe, expect, it } from 'vitest';
import { directionOf, languageOfCookie, localizedPath, splitLanguage } from './language';

describe('the language of a path', () => {
  it('is Urdu under /ur, English anywhere else, the route inside kept', () => {
    expect(splitLanguage('/ur/browse')).toEqual({ language: 'ur', path: '/browse' });
    expect(splitLanguage('/ur/product/lawn-kurta')).toEqual({ language: 'ur', path: '/product/lawn-kurta' });
    expect(splitLanguage('/ur')).toEqual({ language: 'ur', path: '/' });
    expect(splitLanguage('/ur/')).toEqual({ language: 'ur', path: '/' });
    expect(splitLanguage('/browse')).toEqual({ language: 'en', path: '/browse' });
    // A shop or a path that merely starts with the letters stays English.
    expect(splitLanguage('/urdu-books')).toEqual({ language: 'en', path: '/urdu-books' });
    expect(splitLanguage('/fr/browse')).toEqual({ language: 'en', path: '/fr/browse' });
  });

  it('goes back to a path, reads right to left in Urdu, and reads only our languages from the cookie', () => {
    expect(localizedPath('ur', '/cart')).toBe('/ur/cart');
    expect(localizedPath('ur', '/')).toBe('/ur');
    expect(localizedPath('en', '/cart')).toBe('/cart');
    for (const path of ['/browse', '/shop/x', '/']) expect(splitLanguage(localizedPath('ur', path)).path).toBe(path);
    expect([directionOf('ur'), directionOf('en')]).toEqual(['rtl', 'ltr']);
    expect(languageOfCookie('a=1; lang=ur; b=2')).toBe('ur');
    expect(languageOfCookie('lang=en')).toBe('en');
    expect(languageOfCookie('lang=fr')).toBeNull();
    expect(languageOfCookie('xlang=ur')).toBeNull();
    expect(languageOfCookie(undefined)).toBeNull();
  });
});
