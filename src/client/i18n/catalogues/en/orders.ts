/** English texts of the orders screens (keys `orders.*`); Urdu in ../ur/orders.ts. See shared/i18n/translator.ts. */
export default {
} as const;
