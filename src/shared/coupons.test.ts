import { describe, expect, it } from 'vitest';
import { couponGoodsDiscount, couponStatus, marketplaceDay, normalizeCouponCode } from './coupons';

const base = { isActive: true, startsOn: null, endsOn: null, maxUses: null, usedCount: 0 };

describe('coupon rules', () => {
  it('reads the day in Pakistan: 20:00 UTC is already the next day there', () => {
    expect(marketplaceDay(new Date('2026-12-01T18:59:59Z'))).toBe('2026-12-01');
    expect(marketplaceDay(new Date('2026-12-01T19:00:00Z'))).toBe('2026-12-02');
  });

  it('says each status: off wins, then ended, used up, scheduled; the last day counts whole', () => {
    const now = new Date('2026-12-10T10:00:00Z');
    expect(couponStatus(base, now)).toBe('active');
    expect(couponStatus({ ...base, isActive: false, endsOn: '2026-01-01' }, now)).toBe('off');
    expect(couponStatus({ ...base, endsOn: '2026-12-09' }, now)).toBe('ended');
    expect(couponStatus({ ...base, endsOn: '2026-12-10' }, now)).toBe('active');
    expect(couponStatus({ ...base, maxUses: 5, usedCount: 5 }, now)).toBe('used_up');
    expect(couponStatus({ ...base, maxUses: 5, usedCount: 4 }, now)).toBe('active');
    expect(couponStatus({ ...base, startsOn: '2026-12-11' }, now)).toBe('scheduled');
    expect(couponStatus({ ...base, startsOn: '2026-12-10' }, now)).toBe('active');
  });

  it('takes a percent half up, an amount up to the goods, nothing for free delivery', () => {
    expect(couponGoodsDiscount({ code: 'A', type: 'percent', value: 10, minOrder: null }, 1_005)).toBe(101);
    expect(couponGoodsDiscount({ code: 'A', type: 'percent', value: 10, minOrder: null }, 1_004)).toBe(100);
    expect(couponGoodsDiscount({ code: 'A', type: 'amount', value: 50_000, minOrder: null }, 30_000)).toBe(30_000);
    expect(couponGoodsDiscount({ code: 'A', type: 'free_delivery', value: 0, minOrder: null }, 30_000)).toBe(0);
  });

  it('compares codes upper case, without spaces', () => {
    expect(normalizeCouponCode(' eid500 ')).toBe('EID500');
  });
});
