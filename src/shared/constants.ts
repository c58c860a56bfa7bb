/** Business constants of spec section 9, in one place for client and server. */

export const ROLES = ['admin', 'shopkeeper', 'buyer'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a user may give or take from themselves; admin is granted by an admin only. */
export const SELF_SERVICE_ROLES = ['shopkeeper', 'buyer'] as const;
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses whose order never brought money: revenue, charts and "delivered" counts leave them out (product-decisions 6). */
export const UNPAID_STATUSES = ['cancelled', 'returned'] as const satisfies readonly OrderStatus[];

export const PRODUCT_UNITS = ['pieces', 'kg', 'liters', 'meters'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];
/** shared: one stock number for the product; per_variant: a stock per color x size (issue 19). */
export const STOCK_MODES = ['shared', 'per_variant'] as const;
export type StockMode = (typeof STOCK_MODES)[number];

export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const PASSWORD_MIN_LENGTH = 6;
export const MAX_PRODUCT_IMAGES = 4;
export const LOW_STOCK_BELOW = 10;
const UPLOAD_MAX_MB = 5;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
/** What the image uploader and the server say about a file they refuse (spec section 5). */
export const NOT_AN_IMAGE = 'Please upload an image file';
export const IMAGE_TOO_LARGE = `Image size should be less than ${UPLOAD_MAX_MB}MB`;

/**
 * The most calls the client puts in one batched API request; the server's cap (API_MAX_BATCH) may
 * not be set below it, or the app's own pages would be refused.
 */
export const CLIENT_MAX_BATCH_CALLS = 10;
/** Rows per page of every list that pages with a cursor, unless a screen asks for another size. */
export const PAGE_SIZE = 20;
export const BANNER_AUTOPLAY_MS = 2000;
export const INSTALL_PROMPT_DELAY_MS = 1000;
export const DEFAULT_TRIAL_MINUTES = 10;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A review's comment, at most (spec section 5). */
export const REVIEW_COMMENT_MAX = 1000;
/** A shop owner's reply to a review (issue 49). */
export const REVIEW_REPLY_MAX = 1000;

/**
 * Whether a value is a rating a review can have (a whole number of stars, RATING_MIN to RATING_MAX):
 * the rule of `ratingSchema`, for the review form, which checks it without loading zod (the product
 * page's first download).
 */
export function isRating(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= RATING_MIN && (value as number) <= RATING_MAX;
}

export const STORAGE_KEYS = {
  cart: 'cart',
  /** The cart's coupons, one per shop (issue 32): kept with the cart, checked again at checkout. */
  cartCoupons: 'cart-coupons',
  pwaPromptDismissed: 'pwa-prompt-dismissed',
  checkoutAttempt: 'checkout-attempt',
  /** A random name of this browser, so a guest holds one open report per thing (issue 49). */
  reporterKey: 'reporter-key',
  /** Saved products (issue 50): a guest's list, or a signed-in account's copy (shared/saved.ts). */
  saved: 'saved',
} as const;
