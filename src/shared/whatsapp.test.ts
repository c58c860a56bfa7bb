import { describe, expect, it } from 'vitest';
import { waLink } from './whatsapp';

describe('waLink', () => {
  it('links the number in international form', () => {
    expect(waLink('+1 (555) 000-1111', '92')).toBe('https://wa.me/15550001111');
    expect(waLink('+92 300-123 4567', '92')).toBe('https://wa.me/923001234567');
  });
  it('gives a number typed locally the marketplace country code (issue 53)', () => {
    expect(waLink('0321 4567890', '92')).toBe('https://wa.me/923214567890');
    expect(waLink('0321-4567890', '92', 'Salam')).toBe('https://wa.me/923214567890?text=Salam');
  });
  it('url-encodes the text', () => {
    expect(waLink('15550001111', '92', 'Order #1 & more\nline')).toBe('https://wa.me/15550001111?text=Order%20%231%20%26%20more%0Aline');
  });
  it('returns null without digits', () => {
    expect(waLink('', '92', 'x')).toBeNull();
    expect(waLink('abc', '92')).toBeNull();
  });
});
