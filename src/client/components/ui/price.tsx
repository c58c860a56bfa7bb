import { formatMoney } from '../../../shared/money';
import common from '../../i18n/catalogues/en/common';
import { useLanguage, useT } from '../../i18n/language';
import { type Discount, discountedPrice } from '../../../shared/pricing';
import * as styles from './price.css';

/**
 * A price after discount, with the old price struck through when discounted (minor units + currency),
 * in the page's language; each amount in a <bdi>, so it reads left to right inside Urdu text.
 */
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
  const language = useLanguage();
  const t = useT(common);
  const final = discount ? discountedPrice(amount, discount) : amount;
  return (
    <span className={styles.price}>
      <span className={[styles.current, size === 'lg' ? styles.large : ''].join(' ')}>
        <bdi>{formatMoney(final, currency, language)}</bdi>
      </span>
      {final < amount && (
        <s className={styles.old}>
          <span className="visually-hidden">{t('common.price.was')} </span>
          <bdi>{formatMoney(amount, currency, language)}</bdi>
        </s>
      )}
    </span>
  );
}
