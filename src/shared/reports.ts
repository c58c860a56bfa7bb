/**
 * Reports (issue 49): what can be reported, the dialog's reasons, and an admin's answers. Plain
 * constants (no zod), so the public pages' Report button carries no schema library.
 */

/** What can be reported: a product, a storefront, and each review of either. */
export const REPORT_THINGS = ['product', 'shop', 'product_review', 'shop_review'] as const;
export type ReportThing = (typeof REPORT_THINGS)[number];

/** The dialog's "Reason", in its order. */
export const REPORT_REASONS = ['counterfeit', 'prohibited', 'misleading', 'offensive', 'spam', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** An admin's answer to a thing's open reports; which fit which thing: `RESOLUTIONS_FOR`. */
export const REPORT_ACTIONS = ['hide_product', 'deactivate_shop', 'hide_review', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const RESOLUTIONS_FOR: Record<ReportThing, readonly ReportAction[]> = {
  product: ['hide_product', 'dismiss'],
  shop: ['deactivate_shop', 'dismiss'],
  product_review: ['hide_review', 'dismiss'],
  shop_review: ['hide_review', 'dismiss'],
};

export const REPORT_DETAILS_MAX = 500;
export const REPORT_NOTE_MAX = 500;
