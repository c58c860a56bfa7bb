/** English delivery texts (what the cart, checkout and the server say alike); Urdu in ../ur/delivery.ts. See ../../translator.ts. */
export default {
  'delivery.noDelivery': '{shop} does not deliver to {city}',
} as const;
