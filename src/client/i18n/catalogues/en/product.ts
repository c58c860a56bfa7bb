/** English texts of the product screens (keys `product.*`); Urdu in ../ur/product.ts. See shared/i18n/translator.ts. */
export default {
} as const;
