import type { OrderStatus } from '../../../shared/constants';
import type { Language } from '../../../shared/i18n/language';
import type { Translate } from '../../../shared/i18n/translator';
import { formatMoney } from '../../../shared/money';
import { advanceLabel } from '../../../shared/order-status';
import { SLOT } from '../../components/ui/text-with';
import type shop from '../../i18n/catalogues/en/shop';

/**
 * What the orders screen asks before a move that cannot be taken back: cancelling, a return, and
 * delivered (the cash is then awaited from the courier, and a commission may be owed). The title and
 * message hold SLOT where the order number goes, shown whole by WithOrderNumber. Null: no question.
 */
export interface StatusQuestion {
  title: string;
  message: string;
  confirmLabel: string;
  destructive: boolean;
}

export function statusQuestion(
  to: OrderStatus,
  order: { total: number; currency: string },
  t: Translate<typeof shop>,
  language: Language,
): StatusQuestion | null {
  const orderNumber = SLOT;
  switch (to) {
    case 'delivered':
      return {
        title: t('shop.orders.deliverTitle', { orderNumber }),
        message: t('shop.orders.deliverMessage', { total: formatMoney(order.total, order.currency, language) }),
        confirmLabel: advanceLabel('delivered', language),
        destructive: false,
      };
    case 'cancelled':
      return { title: t('shop.orders.cancelTitle'), message: t('shop.orders.cancelMessage', { orderNumber }), confirmLabel: t('shop.orders.cancelConfirm'), destructive: true };
    case 'returned':
      return { title: t('shop.orders.returnTitle'), message: t('shop.orders.returnMessage', { orderNumber }), confirmLabel: t('shop.orders.returnConfirm'), destructive: true };
    default:
      return null;
  }
}
