import { MessageCircle } from 'lucide-react';
import { formatMoney } from '../../../shared/money';
import { Button, ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import * as styles from './checkout.css';
import { placedOrders, usePlacedOrders } from './placed-orders-store';

/** After checkout, over whatever page comes next: each order's number, total (with its delivery) and its "open WhatsApp" link. */
export function PlacedOrdersDialog() {
  const orders = usePlacedOrders();
  return (
    <Dialog
      open={Boolean(orders)}
      onClose={placedOrders.clear}
      title="Order placed"
      actions={<Button onClick={placedOrders.clear}>Done</Button>}
    >
      <p>Send each shop its order on WhatsApp to confirm it. Keep your order numbers to track your orders.</p>
      <ul className={styles.placedList} aria-label="Your orders">
        {orders?.map((order) => (
          <li key={order.id} className={styles.placedItem}>
            <span className={styles.orderNumber}>{order.orderNumber}</span>
            <span>
              {order.shopName} · {formatMoney(order.total, order.currency)}
              {order.deliveryFee > 0 && ` (delivery ${formatMoney(order.deliveryFee, order.currency)} included)`}
            </span>
            {order.whatsappUrl && (
              <ButtonLink href={order.whatsappUrl} external variant="whatsapp" block>
                <MessageCircle size={18} aria-hidden="true" />
                Open WhatsApp<span className="visually-hidden"> for {order.shopName}</span>
              </ButtonLink>
            )}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
