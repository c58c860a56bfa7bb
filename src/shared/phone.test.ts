import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneKey } from './phone';

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
