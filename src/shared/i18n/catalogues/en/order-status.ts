/** English order-status texts; Urdu in ../ur/order-status.ts. See ../../translator.ts. */
export default {
  'order-status.status.pending': 'Pending',
  'order-status.status.confirmed': 'Confirmed',
  'order-status.status.shipped': 'Shipped',
  'order-status.status.delivered': 'Delivered',
  'order-status.status.cancelled': 'Cancelled',
  'order-status.status.returned': 'Returned',
  'order-status.advance.pending': 'Mark pending',
  'order-status.advance.confirmed': 'Confirm',
  'order-status.advance.shipped': 'Mark shipped',
  'order-status.advance.delivered': 'Mark delivered',
  'order-status.advance.returned': 'Mark as Returned',
  'order-status.advance.cancelled': 'Cancel order',
} as const;
