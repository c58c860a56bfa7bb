import { MessageCircle } from 'lucide-react';
import { formatMoney } from '../../../shared/money';
import { Button, ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { OrderNumber } from '../../components/ui/order-number';
import cart from '../../i18n/catalogues/en/cart';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './checkout.css';
import { placedOrders, type PlacedOrder } from './placed-orders-store';

/** The placed orders' dialog: each order's number, total (with its delivery) and its "open WhatsApp" link. */
export default function PlacedOrdersList({ orders }: { orders: PlacedOrder[] }) {
  const t = useT(cart);
  const language = useLanguage();
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language);
  return (
    <Dialog
      open
      onClose={placedOrders.clear}
      title={t('cart.placed.title')}
      actions={<Button onClick={placedOrders.clear}>{t('cart.placed.done')}</Button>}
    >
      <p>{t('cart.placed.intro')}</p>
      <ul className={styles.placedList} aria-label={t('cart.placed.list')}>
        {orders.map((order) => (
          <li key={order.id} className={styles.placedItem}>
            <OrderNumber value={order.orderNumber} className={styles.orderNumber} />
            <span>
              <bdi>{order.shopName}</bdi> · <bdi>{money(order.total, order.currency)}</bdi>
              {order.deliveryFee > 0 && ` ${t('cart.placed.deliveryIncluded', { amount: money(order.deliveryFee, order.currency) })}`}
            </span>
            {order.whatsappUrl && (
              <ButtonLink href={order.whatsappUrl} external variant="whatsapp" block>
                <MessageCircle size={18} aria-hidden="true" />
                {t('cart.placed.openWhatsApp')}
                <span className="visually-hidden"> {t('cart.placed.forShop', { shop: order.shopName })}</span>
              </ButtonLink>
            )}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
