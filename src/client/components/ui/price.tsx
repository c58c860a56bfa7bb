import { formatMoney } from '../../../shared/money';
import { type Discount, discountedPrice } from '../../../shared/pricing';
import * as styles from './price.css';

/** A price after discount, with the old price struck through when discounted (minor units + currency). */
export function Price({
  amount,
  currency,
  discount,
  size = 'md',
}: {
  amount: number;
  currency: string;
  discount?: Discount;
  size?: 'md' | 'lg';
}) {
  const final = discount ? discountedPrice(amount, discount) : amount;
  return (
    <span className={styles.price}>
      <span className={[styles.current, size === 'lg' ? styles.large : ''].join(' ')}>{formatMoney(final, currency)}</span>
      {final < amount && (
        <s className={styles.old}>
          <span className="visually-hidden">Was </span>
          {formatMoney(amount, currency)}
        </s>
      )}
    </span>
  );
}
