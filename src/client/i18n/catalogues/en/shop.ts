/** English texts of the shop screens (keys `shop.*`); Urdu in ../ur/shop.ts. See shared/i18n/translator.ts. */
export default {
} as const;
