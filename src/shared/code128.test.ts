import { describe, expect, it } from 'vitest';
import { code128Bars, code128Values, code128Widths } from './code128';

/** Reads symbols back from element widths, the way a scanner does: every 6 elements, the stop 7. */
function decode(widths: number[]): number[] {
  const table = new Map<string, number>();
  // Each value's pattern, found by encoding a character of that value (values 0–94 are ' '…'~').
  for (let value = 0; value < 95; value += 1) table.set(code128Widths(String.fromCharCode(32 + value)).slice(6, 12).join(''), value);
  const values: number[] = [];
  for (let i = 0; i < widths.length; i += 6) {
    const chunk = widths.slice(i, i + 6).join('');
    values.push(i + 7 === widths.length ? 106 : (table.get(chunk) ?? (chunk === '211214' ? 104 : -1)));
    if (i + 7 === widths.length) break;
  }
  return values;
}

describe('Code 128 B', () => {
  it('matches a published encoding: "Kingcean" is 68 2b 49 4e 47 43 45 41 4e 40 6a (start B, data, checksum 64, stop)', () => {
    // nuscien/trivial docs/data/code128: Code128.CreateB([43, 73, 78, 71, 67, 69, 65, 78]) -> 682b494e474345414e406a
    expect(code128Values('Kingcean')).toEqual([0x68, 0x2b, 0x49, 0x4e, 0x47, 0x43, 0x45, 0x41, 0x4e, 0x40, 0x6a]);
  });

  it('computes the checksum of an order number by the standard weights', () => {
    const values = code128Values('ORD-20261126-0001-123456');
    // O R D - 2 0 2 6 1 1 2 6 - 0 0 0 1 - 1 2 3 4 5 6 as ASCII - 32
    const data = [47, 50, 36, 13, 18, 16, 18, 22, 17, 17, 18, 22, 13, 16, 16, 16, 17, 13, 17, 18, 19, 20, 21, 22];
    const checksum = data.reduce((sum, v, i) => sum + v * (i + 1), 104) % 103;
    expect(values).toEqual([104, ...data, checksum, 106]);
  });

  it('draws the start B, the characters, the checksum and the stop with their standard widths', () => {
    // "A" is value 33 (111323); its checksum (104 + 33) % 103 = 34 (131123).
    expect(code128Widths('A').join('')).toBe('211214' + '111323' + '131123' + '2331112');
  });

  it('keeps the symbology’s own rules in every symbol: 11 modules, bars even and spaces odd', () => {
    for (let value = 0; value < 95; value += 1) {
      const widths = code128Widths(String.fromCharCode(32 + value)).slice(6, 12);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(11);
      expect((widths[0]! + widths[2]! + widths[4]!) % 2).toBe(0);
      expect((widths[1]! + widths[3]! + widths[5]!) % 2).toBe(1);
    }
    // All 95 data patterns differ (a typo in the table would make two read alike).
    expect(new Set(Array.from({ length: 95 }, (_, v) => code128Widths(String.fromCharCode(32 + v)).slice(6, 12).join(''))).size).toBe(95);
  });

  it('reads back as it was written, for every printable character', () => {
    const text = Array.from({ length: 95 }, (_, v) => String.fromCharCode(32 + v)).join('');
    expect(decode(code128Widths(text))).toEqual(code128Values(text));
  });

  it('lays out bars from the first module; the width is 11 per symbol plus 2 for the stop’s last bar', () => {
    const { bars, modules } = code128Bars('ORD-1');
    expect(modules).toBe(11 * 8 + 2);
    expect(bars[0]).toEqual([0, 2]);
    expect(bars.at(-1)).toEqual([modules - 2, 2]);
  });

  it('refuses what code set B cannot encode', () => {
    expect(() => code128Values('Café')).toThrow(RangeError);
    expect(() => code128Values('a\nb')).toThrow(RangeError);
  });
});
