import { type CouponStatus, type CouponTerms, couponStatus } from '../../shared/coupons';
import type { CouponRow } from './coupons.repository';

/** One coupon as /shop/coupons lists it, with its status now. */
export function toCouponView(row: CouponRow, now: Date, hasOrders: boolean) {
  const status: CouponStatus = couponStatus(
    { isActive: row.is_active === 1, startsOn: row.starts_on, endsOn: row.ends_on, maxUses: row.max_uses === null ? null : Number(row.max_uses), usedCount: Number(row.used_count) },
    now,
  );
  return {
    id: Number(row.id),
    code: row.code,
    type: row.type,
    value: Number(row.value),
    minOrder: row.min_order === null ? null : Number(row.min_order),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    usedCount: Number(row.used_count),
    oncePerBuyer: row.once_per_buyer === 1,
    isActive: row.is_active === 1,
    status,
    /** A coupon some order used is switched off, never deleted: the orders keep its snapshot. */
    deletable: !hasOrders,
  };
}

/** What the money rule needs of a stored coupon. */
export function toCouponTerms(row: Pick<CouponRow, 'code' | 'type' | 'value' | 'min_order'>): CouponTerms {
  return { code: row.code, type: row.type, value: Number(row.value), minOrder: row.min_order === null ? null : Number(row.min_order) };
}
