import { formatMoney } from '../../../shared/money';
import { Card, CardHeader } from '../../components/ui/card';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';
import * as styles from './coupons.css';

/** The dashboard's coupons: uses and discount given per coupon over the last 30 days (issue 32). */
export function CouponStats() {
  const t = useT(shop);
  const language = useLanguage();
  const stats = trpc.coupons.stats.useQuery();
  if (!stats.data) return null;
  return (
    <Card as="section" aria-labelledby="coupon-stats-heading">
      <CardHeader id="coupon-stats-heading" title={t('shop.dashboard.coupons')} />
      {stats.data.length === 0 ? (
        <p className={styles.note}>{t('shop.dashboard.couponsNone')}</p>
      ) : (
        <ul className={styles.statList}>
          {stats.data.map((row) => (
            <li key={row.couponId} className={styles.statRow}>
              <bdi className={styles.code}>{row.code}</bdi>
              <span>{t('shop.dashboard.couponUses', { count: row.uses })}</span>
              <span className={styles.note}>{t('shop.dashboard.couponDiscount', { amount: formatMoney(row.discount, row.currency, language) })}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
