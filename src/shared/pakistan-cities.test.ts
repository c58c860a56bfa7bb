import { describe, expect, it } from 'vitest';
import { cityKey, matchCity, normalizeCity, PAKISTAN_CITIES } from './pakistan-cities';

const id = (text: string) => matchCity(text)?.id ?? null;

describe("Pakistan's cities", () => {
  it('holds at least the 100 largest, each with a unique id, an English name and an Urdu name in Urdu letters', () => {
    expect(PAKISTAN_CITIES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(PAKISTAN_CITIES.map((c) => c.id)).size).toBe(PAKISTAN_CITIES.length);
    for (const c of PAKISTAN_CITIES) {
      expect(c.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(c.en).toMatch(/^[A-Z][A-Za-z .]+$/);
      expect(c.ur).toMatch(/^[\u0600-\u06FF ]+$/);
    }
  });

  it('never gives one spelling to two cities, and each id names its own city', () => {
    const owner = new Map<string, string>();
    for (const c of PAKISTAN_CITIES) {
      for (const name of [c.id, c.en, c.ur, ...(c.also ?? [])]) {
        const key = normalizeCity(name);
        expect(key, `${name} of ${c.id}`).not.toBe('');
        const before = owner.get(key);
        if (before !== undefined) expect(before, `${name} is both ${before} and ${c.id}`).toBe(c.id);
        owner.set(key, c.id);
      }
      expect(id(c.id)).toBe(c.id);
    }
  });

  it('reads a city in English or Urdu, any case, spacing or punctuation, as the same city', () => {
    for (const [text, expected] of [
      ['Lahore', 'lahore'],
      ['لاہور', 'lahore'],
      ['  LAHORE ', 'lahore'],
      ['lahore.', 'lahore'],
      ['Karachi', 'karachi'],
      ['کراچی', 'karachi'],
      ['Quetta', 'quetta'],
      ['کوئٹہ', 'quetta'],
      ['Rawalpindi', 'rawalpindi'],
      ['Rawal Pindi', 'rawalpindi'],
      ['pindi', 'rawalpindi'],
      ['راولپنڈی', 'rawalpindi'],
      ['Faisalabad', 'faisalabad'],
      ['Lyallpur', 'faisalabad'],
      ['فیصل آباد', 'faisalabad'],
      ['فیصل‌آباد', 'faisalabad'], // with a zero-width non-joiner
      ['Multan', 'multan'],
      ['ملتان', 'multan'],
      ['Multān', 'multan'],
      ['Hyderabad', 'hyderabad'],
      ['حیدر آباد', 'hyderabad'],
      ['Gujranwala', 'gujranwala'],
      ['گوجرانوالہ', 'gujranwala'],
      ['Peshawar', 'peshawar'],
      ['Pishawar', 'peshawar'],
      ['پشاور', 'peshawar'],
      ['Sialkot', 'sialkot'],
      ['اسلام آباد', 'islamabad'],
      ['D.I. Khan', 'dera-ismail-khan'],
      ['DI Khan', 'dera-ismail-khan'],
      ['Dera Ismail Khan', 'dera-ismail-khan'],
      ['dera-ismail-khan', 'dera-ismail-khan'],
      ['ڈیرہ اسماعیل خان', 'dera-ismail-khan'],
      ['D.G. Khan', 'dera-ghazi-khan'],
      ['Mirpur Khas', 'mirpur-khas'],
      ['Mirpur', 'mirpur'],
      ['لالہ موسی', 'lalamusa'],
    ] as const) {
      expect(id(text), text).toBe(expected);
    }
  });

  it('forgives the Arabic letters an Urdu city is often typed with (ي/ی, ك/ک, ه/ہ/ھ) and the diacritics', () => {
    expect(id('كراچي')).toBe('karachi');
    expect(id('لاهور')).toBe('lahore');
    expect(id('لاھور')).toBe('lahore');
    expect(id('کویٹہ')).toBe('quetta');
    expect(id('فَیصل آباد')).toBe('faisalabad');
    expect(id('سرگودہا')).toBe('sargodha');
  });

  it('names no city for a text not on the list, and compares such a text by itself, in any case', () => {
    expect(matchCity('Chak 45 Sargodha')).toBeNull();
    expect(matchCity('')).toBeNull();
    expect(cityKey('Chak 45')).toBe(cityKey(' CHAK  45 '));
    expect(cityKey('Chak 45')).not.toBe(cityKey('Chak 46'));
    expect(cityKey('لاہور')).toBe(cityKey('Lahore'));
  });
});
