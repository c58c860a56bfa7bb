import { describe, expect, it } from 'vitest';
import { applyCouponSchema, couponCodeSchema, couponValuesSchema } from './coupon';

const form = (code: string) => ({
  code,
  type: 'percent' as const,
  value: '10',
  minOrder: '',
  startsOn: '',
  endsOn: '',
  maxUses: '',
  oncePerBuyer: true,
  isActive: true,
});

describe('coupon codes as people type them (issue 53)', () => {
  it('removes spaces and upper-cases a code the buyer types', () => {
    for (const typed of ['eid 10', ' EID10 ', 'e i d 1 0', 'eid\u00a010', 'Eid\t10']) expect(couponCodeSchema.parse(typed), typed).toBe('EID10');
    expect(applyCouponSchema.parse({ shopId: 1, code: 'eid 10' })).toEqual({ shopId: 1, code: 'EID10' });
  });
  it('saves a code the shop types with spaces without them', () => {
    const result = couponValuesSchema('PKR').safeParse(form('eid 10'));
    expect(result.success && result.data.code).toBe('EID10');
  });
  it('still refuses other characters and codes too short or too long', () => {
    for (const typed of ['eid#10', 'e 1', 'A'.repeat(21), '   ']) {
      expect(couponCodeSchema.safeParse(typed).success, typed).toBe(false);
      expect(couponValuesSchema('PKR').safeParse(form(typed)).success, typed).toBe(false);
    }
  });
});
