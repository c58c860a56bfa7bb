import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { internationalNumber, phoneKey } from './phone';

describe('phoneKey', () => {
  it('reads one Pakistani mobile number the same however it is written', () => {
    const written = ['+92 300 1234567', '03001234567', '923001234567', '0092-300-123 4567', '(0300) 123-4567', '3001234567'];
    expect(new Set(written.map(phoneKey))).toEqual(new Set(['3001234567']));
  });
  it('tells different numbers apart', () => {
    expect(phoneKey('03001234567')).not.toBe(phoneKey('03001234568'));
  });
  it('keeps a short number as its digits', () => {
    expect(phoneKey('12 345')).toBe('12345');
  });
  it('ignores every non-digit and any country prefix', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{10}$/), fc.constantFrom('', '0', '92', '+92 ', '0092'), fc.constantFrom('', ' ', '-'), (local, prefix, gap) => {
        const spaced = `${local.slice(0, 3)}${gap}${local.slice(3)}`;
        expect(phoneKey(`${prefix}${spaced}`)).toBe(local);
      }),
    );
  });
});

describe('internationalNumber', () => {
  it('writes a Pakistani mobile number in international form however it is typed (issue 53)', () => {
    const typed = ['+92 321 4567890', '0092 321 4567890', '923214567890', '03214567890', '0321-4567890', '0321 4567890', '(0321) 456-7890', ' +92-321-4567890 '];
    for (const phone of typed) expect(internationalNumber(phone, '92'), phone).toBe('923214567890');
  });
  it('gives a number written locally the marketplace country code', () => {
    expect(internationalNumber('07700 900123', '44')).toBe('447700900123');
    expect(internationalNumber('0300 1234567', '1')).toBe('13001234567');
  });
  it('keeps a number already international as its digits, whatever the marketplace', () => {
    expect(internationalNumber('+1 (555) 000-1111', '92')).toBe('15550001111');
    expect(internationalNumber('00 44 7700 900123', '92')).toBe('447700900123');
    expect(internationalNumber('15550001111', '92')).toBe('15550001111');
  });
  it('is empty without digits', () => {
    expect(internationalNumber('', '92')).toBe('');
    expect(internationalNumber('call me', '92')).toBe('');
  });
  it('agrees with phoneKey: the same number keeps its last 10 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^3[0-9]{9}$/), fc.constantFrom('0', '92', '+92 ', '0092', '+92-', '0 '), fc.constantFrom('', ' ', '-'), (local, prefix, gap) => {
        const phone = `${prefix}${local.slice(0, 3)}${gap}${local.slice(3)}`;
        expect(internationalNumber(phone, '92')).toBe(`92${local}`);
        expect(phoneKey(internationalNumber(phone, '92'))).toBe(phoneKey(phone));
      }),
    );
  });
});
