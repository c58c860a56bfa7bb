import { formatMoney } from '../../../shared/money';

/** One row per currency: "Subtotal" alone, or "Subtotal (PKR)" when the cart holds several currencies. */
export function AmountRows({ label, amounts, className }: { label: string; amounts: Array<{ currency: string; amount: number }>; className: string }) {
  return amounts.map((s) => (
    <div key={s.currency} className={className}>
      <span>
        {label}
        {amounts.length > 1 ? ` (${s.currency})` : ''}
      </span>
      <span>{formatMoney(s.amount, s.currency)}</span>
    </div>
  ));
}
