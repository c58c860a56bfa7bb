import type { CurrencySummary, GroupDelivery, ShopGroup } from '../../../shared/cart-summary';
import { noDeliveryMessage } from '../../../shared/delivery';
import { formatMoney } from '../../../shared/money';
import * as styles from './cart.css';

/** A shop's delivery as the cart reads it: the amount, "Free", "From PKR 150.00" while no city is known. */
export function deliveryText(delivery: GroupDelivery, currency: string): string {
  switch (delivery.kind) {
    case 'fee':
      return delivery.fee === 0 ? 'Free' : formatMoney(delivery.fee, currency);
    case 'from':
      return `From ${formatMoney(delivery.fee, currency)}`;
    case 'refused':
      return 'Not available';
    case 'unknown':
      return '…';
  }
}

/**
 * One shop's amounts under its lines: subtotal, tax, delivery and the free-delivery hint; `city` (the
 * one the fee was computed for) names the refusal there when the shop does not deliver to it.
 */
export function ShopAmounts({ group, rowClassName, city = '' }: { group: ShopGroup<unknown>; rowClassName: string; city?: string }) {
  const money = (minor: number) => formatMoney(minor, group.currency);
  return (
    <div className={styles.shopAmounts}>
      <div className={rowClassName}>
        <span>Subtotal</span>
        <span>{money(group.subtotal)}</span>
      </div>
      {group.tax > 0 && (
        <div className={rowClassName}>
          <span>Tax</span>
          <span>{money(group.tax)}</span>
        </div>
      )}
      <div className={rowClassName} data-testid="shop-delivery">
        <span>Delivery</span>
        <span>{deliveryText(group.delivery, group.currency)}</span>
      </div>
      {group.delivery.kind === 'refused' && city && <p className={styles.danger}>{noDeliveryMessage(group.shopName, city)}</p>}
      {group.freeShortfall !== null && group.delivery.kind !== 'refused' && (
        <p className={styles.hint}>Add {money(group.freeShortfall)} more for free delivery</p>
      )}
    </div>
  );
}

/**
 * The summary's rows, per currency ("Subtotal (PKR)" when the cart holds several): subtotal, tax,
 * delivery and a total that includes it. While a fee is a "from", so are the delivery and the total.
 */
export function SummaryRows({ sums, rowClassName, totalClassName }: { sums: CurrencySummary[]; rowClassName: string; totalClassName: string }) {
  const label = (text: string, currency: string) => (sums.length > 1 ? `${text} (${currency})` : text);
  const from = (s: CurrencySummary, minor: number) => (s.pending ? '…' : `${s.exact ? '' : 'From '}${formatMoney(minor, s.currency)}`);
  return (
    <>
      {sums.map((s) => (
        <div key={`subtotal-${s.currency}`} className={rowClassName}>
          <span>{label('Subtotal', s.currency)}</span>
          <span>{formatMoney(s.subtotal, s.currency)}</span>
        </div>
      ))}
      {sums
        .filter((s) => s.tax > 0)
        .map((s) => (
          <div key={`tax-${s.currency}`} className={rowClassName}>
            <span>{label('Tax', s.currency)}</span>
            <span>{formatMoney(s.tax, s.currency)}</span>
          </div>
        ))}
      {sums.map((s) => (
        <div key={`delivery-${s.currency}`} className={rowClassName} data-testid="summary-delivery">
          <span>{label('Delivery', s.currency)}</span>
          <span>{s.exact && s.delivery === 0 ? 'Free' : from(s, s.delivery)}</span>
        </div>
      ))}
      {sums.map((s) => (
        <div key={`total-${s.currency}`} className={totalClassName} data-testid="summary-total">
          <span>{label('Total', s.currency)}</span>
          <span>{from(s, s.total)}</span>
        </div>
      ))}
    </>
  );
}
