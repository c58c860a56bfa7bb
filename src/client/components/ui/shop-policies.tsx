import { RotateCcw, Truck } from 'lucide-react';
import { Link } from 'wouter';
import common from '../../i18n/catalogues/en/common';
import { useT } from '../../i18n/language';
import * as styles from './shop-policies.css';

/** A shop's policies as the server gives them (issue 47): '' where the shop wrote none. */
interface ShopPoliciesView {
  returnsPolicy: string;
  deliveryTime: string;
}

/**
 * A shop's "Delivery time" and "Returns and exchanges", as the shop wrote them (plain text, its own
 * direction): beside Add to Cart, on the storefront, in each shop's group at checkout and on an order.
 * A shop without returns text links the marketplace's Returns page when one is published
 * (`returnsPage`). Nothing at all when there is nothing to say.
 */
export function ShopPolicies({ policies, returnsPage = null, label }: { policies: ShopPoliciesView; returnsPage?: string | null; label?: string }) {
  const t = useT(common);
  const returns = policies.returnsPolicy.trim();
  const delivery = policies.deliveryTime.trim();
  if (!returns && !delivery && !returnsPage) return null;
  return (
    <dl className={styles.list} aria-label={label ?? t('common.policies.title')} data-testid="shop-policies">
      {delivery && (
        <div className={styles.item}>
          <dt className={styles.label}>
            <Truck size={16} className={styles.icon} aria-hidden="true" />
            {t('common.policies.deliveryTime')}
          </dt>
          <dd className={styles.text}>
            <span dir="auto">{delivery}</span>
          </dd>
        </div>
      )}
      {(returns || returnsPage) && (
        <div className={styles.item}>
          <dt className={styles.label}>
            <RotateCcw size={16} className={styles.icon} aria-hidden="true" />
            {t('common.policies.returns')}
          </dt>
          <dd className={styles.text}>
            {(returns && <span dir="auto">{returns}</span>) ||
              (returnsPage && (
                <Link href={returnsPage} className={styles.link}>
                  {t('common.policies.returnsPage')}
                </Link>
              ))}
          </dd>
        </div>
      )}
    </dl>
  );
}
