import { TextWith } from './text-with';
import * as styles from './order-number.css';

/** An order number ("ORD-20261121-0001-739854"), whole on one line and left to right in Urdu text. */
export function OrderNumber({ value, className }: { value: string; className?: string }) {
  return <bdi className={className ? `${styles.orderNumber} ${className}` : styles.orderNumber}>{value}</bdi>;
}

/**
 * A translated sentence naming an order: `text` is the message with SLOT as its order number
 * (`t('shop.ship.title', { orderNumber: SLOT })`), which is shown through OrderNumber.
 */
export function WithOrderNumber({ text, orderNumber }: { text: string; orderNumber: string }) {
  return (
    <TextWith text={text}>
      <OrderNumber value={orderNumber} />
    </TextWith>
  );
}
