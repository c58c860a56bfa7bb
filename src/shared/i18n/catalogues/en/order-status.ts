/** English order-status texts; Urdu in ../ur/order-status.ts. See ../../translator.ts. */
export default {
} as const;
