/** Spec section 5: lowercase, and every character outside a-z, 0-9 and '-' becomes '-'. */
export function slugify(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9-]/g, '-');
}

/** A slug made from a name: slugify, then no runs of hyphens and none at either end. */
export function slugFromName(name: string): string {
  return slugify(name).replace(/-+/g, '-').replace(/^-|-$/g, '');
}

/** Product slugs are the name plus a timestamp, so two products of the same name never clash. */
export function productSlug(name: string, now: Date): string {
  const base = slugFromName(name).slice(0, 80) || 'product';
  return `${base}-${now.getTime()}`;
}

/** Words used by the shopkeeper's own routes (/shop/create, /shop/dashboard...). */
export const RESERVED_SHOP_SLUGS = ['create', 'dashboard', 'products', 'orders', 'cash', 'settings', 'coupons', 'manage', 'staff', 'billing'] as const;

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export function isReservedShopSlug(slug: string): boolean {
  return (RESERVED_SHOP_SLUGS as readonly string[]).includes(slug);
}
