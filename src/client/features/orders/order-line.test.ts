import { beforeAll, describe, expect, it } from 'vitest';
import { SHARED_URDU } from '../../../shared/i18n/catalogues/urdu';
import { loadMessages } from '../../../shared/i18n/translator';
import { chosenOptionsText } from './order-line';

// What the order cards (buyer's orders, shop's orders, guest tracking, admin) and the packing slips
// say of an order line's choice (issue 53): colours by their name in the page's language, never a code.
const size = (s: string) => `Size ${s}`;

describe('an order line’s choice', () => {
  beforeAll(() => loadMessages('ur', SHARED_URDU));

  it('names the colour of a product with one stock, with its size', () => {
    expect(chosenOptionsText({ color: '#8b5a2b', size: null, variantLabel: null }, 'en', size)).toBe('Brown');
    expect(chosenOptionsText({ color: '#e64980', size: 'M', variantLabel: null }, 'en', size)).toBe('Hot Pink · Size M');
    expect(chosenOptionsText({ color: '#8b5a2b', size: 'M', variantLabel: null }, 'ur', (s) => `سائز ${s}`)).toBe('بھورا · سائز M');
    expect(chosenOptionsText({ color: null, size: 'L', variantLabel: null }, 'en', size)).toBe('Size L');
    expect(chosenOptionsText({ color: null, size: null, variantLabel: null }, 'en', size)).toBeNull();
  });

  it('says a per-variant combination with its colours in the page’s language', () => {
    expect(chosenOptionsText({ color: '#ff0000', size: 'M', variantLabel: 'Red / M' }, 'en', size)).toBe('Red / M');
    expect(chosenOptionsText({ color: '#ff0000', size: 'M', variantLabel: 'Red / M' }, 'ur', size)).toBe('لال / M');
    expect(chosenOptionsText({ color: '#e64980', size: null, variantLabel: 'Hot Pink' }, 'ur', size)).toBe('شوخ گلابی');
  });
});
