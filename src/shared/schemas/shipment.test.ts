import { describe, expect, it } from 'vitest';
import { shipmentFields, shipmentSchema, toShipment } from './shipment';

const parse = (input: unknown) => shipmentSchema.safeParse(input);
const firstMessage = (input: unknown) => {
  const result = parse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('shipmentSchema', () => {
  it('keeps a listed courier and a tracking number', () => {
    const result = parse({ courier: 'TCS', trackingNumber: ' 7731-2209-55 ' });
    expect(result.success && toShipment(result.data)).toEqual({ courier: 'TCS', trackingNumber: '7731-2209-55' });
  });
  it('keeps another courier by its name, and no tracking number as null', () => {
    const result = parse({ courier: 'other', courierName: ' Swift Riders ', trackingNumber: '' });
    expect(result.success && toShipment(result.data)).toEqual({ courier: 'Swift Riders', trackingNumber: null });
  });
  it('refuses an unknown courier, "other" without a name, and a tracking number of other characters or over 40', () => {
    expect(firstMessage({ courier: 'DHL Express' })).toBe('Choose a courier');
    expect(firstMessage({ courier: 'other', courierName: '  ' })).toBe('Courier name is required');
    expect(firstMessage({ courier: 'TCS', trackingNumber: 'A#1' })).toBe('Tracking number can only have letters, digits and dashes');
    expect(firstMessage({ courier: 'TCS', trackingNumber: '1'.repeat(41) })).toBe('Tracking number must be at most 40 characters');
    expect(firstMessage({ courier: 'TCS', trackingNumber: '1'.repeat(40) })).toBeNull();
  });
  it('removes the spaces people type in a tracking number (issue 53)', () => {
    for (const typed of ['TCS 7781 2231', ' TCS 7781\u00a02231 ', 'TCS\t7781 2231']) {
      const result = parse({ courier: 'TCS', trackingNumber: typed });
      expect(result.success && toShipment(result.data), typed).toEqual({ courier: 'TCS', trackingNumber: 'TCS77812231' });
    }
    // Spaces do not count towards the 40 characters; only spaces is no tracking number.
    const spaced = parse({ courier: 'TCS', trackingNumber: '1234 '.repeat(8) });
    expect(spaced.success && spaced.data.trackingNumber).toBe('1234'.repeat(8));
    const blank = parse({ courier: 'TCS', trackingNumber: '   ' });
    expect(blank.success && toShipment(blank.data).trackingNumber).toBeNull();
  });
  it('reads a stored courier back into the dialog', () => {
    expect(shipmentFields('M&P')).toEqual({ courier: 'M&P', courierName: '' });
    expect(shipmentFields('Swift Riders')).toEqual({ courier: 'other', courierName: 'Swift Riders' });
    expect(shipmentFields(null)).toEqual({ courier: '', courierName: '' });
  });
});
