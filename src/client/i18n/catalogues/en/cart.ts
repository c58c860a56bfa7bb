/** English texts of the cart screens (keys `cart.*`); Urdu in ../ur/cart.ts. See shared/i18n/translator.ts. */
export default {
} as const;
