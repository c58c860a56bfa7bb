import { describe, expect, it } from 'vitest';
import { waDigits, waLink } from './whatsapp';

describe('waLink', () => {
  it('keeps only the digits of the number', () => {
    expect(waDigits('+92 300-123 4567')).toBe('923001234567');
    expect(waLink('+1 (555) 000-1111')).toBe('https://wa.me/15550001111');
  });
  it('url-encodes the text', () => {
    expect(waLink('15550001111', 'Order #1 & more\nline')).toBe('https://wa.me/15550001111?text=Order%20%231%20%26%20more%0Aline');
  });
  it('returns null without digits', () => {
    expect(waLink('', 'x')).toBeNull();
    expect(waLink('abc')).toBeNull();
  });
});
