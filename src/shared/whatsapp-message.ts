import { formatMoney } from './money';

/** What the WhatsApp confirmation message needs to know about one order (spec section 7, "Outside"). */
export interface OrderMessage {
  orderNumber: string;
  customerName: string;
  phone: string;
  email: string;
  items: ReadonlyArray<{
    name: string;
    quantity: number;
    lineTotal: number;
    color?: string | null;
    size?: string | null;
    /** A per_variant line's combination ('Red / M'), shown instead of the raw color and size. */
    variantLabel?: string | null;
    sku?: string | null;
  }>;
  subtotal: number;
  tax: number;
  /** The delivery fee (0: free); null for an order placed before delivery fees. */
  delivery: number | null;
  total: number;
  currency: string;
  address: string;
  city: string;
  postalCode: string;
  notes: string;
}

/** The pre-filled text sent to the shop: order number, customer, items, delivery, total, address and notes. */
export function buildOrderMessage(order: OrderMessage): string {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const lines = [
    `New order ${order.orderNumber}`,
    '',
    `Customer: ${order.customerName}`,
    `Phone: ${order.phone}`,
    `Email: ${order.email}`,
    '',
    'Items:',
    ...order.items.map((item) => {
      const chosen = item.variantLabel ? [item.variantLabel] : [item.color, item.size];
      const options = [...chosen, item.sku ? `SKU ${item.sku}` : null].filter(Boolean).join(', ');
      return `- ${item.name}${options ? ` (${options})` : ''} x ${item.quantity} = ${money(item.lineTotal)}`;
    }),
    '',
  ];
  if (order.tax > 0 || order.delivery !== null) lines.push(`Subtotal: ${money(order.subtotal)}`);
  if (order.tax > 0) lines.push(`Tax: ${money(order.tax)}`);
  if (order.delivery !== null) lines.push(`Delivery: ${order.delivery === 0 ? 'Free' : money(order.delivery)}`);
  lines.push(`Total: ${money(order.total)}`, '', `Shipping address: ${order.address}, ${order.city}, ${order.postalCode}`);
  if (order.notes.trim()) lines.push(`Notes: ${order.notes.trim()}`);
  lines.push('', 'Payment: cash on delivery');
  return lines.join('\n');
}
