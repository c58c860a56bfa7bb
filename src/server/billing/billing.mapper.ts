/** What /admin/billing and /shop/billing show of plans and payments (issue 48). */

export function toPlanView(row: { id: number; name: string; months: number; price: number; currency: string; is_active: number }) {
  return { id: Number(row.id), name: row.name, months: Number(row.months), price: Number(row.price), currency: row.currency, isActive: row.is_active === 1 };
}

export function toPaymentView(row: {
  id: number;
  shop_id: number | null;
  shop_name: string;
  plan_name: string | null;
  months: number;
  amount: number;
  currency: string;
  paid_on: string;
  reference: string;
  new_until: string;
  created_at: string;
  undone_at: string | null;
  undo_reason: string | null;
}) {
  return {
    id: Number(row.id),
    shopId: row.shop_id === null ? null : Number(row.shop_id),
    shopName: row.shop_name,
    planName: row.plan_name,
    months: Number(row.months),
    amount: Number(row.amount),
    currency: row.currency,
    paidOn: row.paid_on,
    reference: row.reference,
    proUntil: row.new_until,
    undoneAt: row.undone_at,
    undoReason: row.undo_reason,
  };
}
