import catalog from '../../i18n/catalogues/en/catalog';
import { useT } from '../../i18n/language';
import * as styles from './not-taking-orders.css';

/**
 * What a product page and a storefront show in place of Add to Cart when the operator stops orders from
 * shops whose trial or plan has ended, and this shop's has (`takingOrders` of their reads; checkout
 * refuses the same shops with the same words).
 */
export function NotTakingOrders() {
  const t = useT(catalog);
  return (
    <p className={styles.notice} role="note" data-testid="not-taking-orders">
      {t('catalog.notTakingOrders')}
    </p>
  );
}
