/** The shop as the settings form reads it. */
export function toShopSettingsView(row: {
  id: number;
  name: string;
  slug: string;
  description: string;
  contact_email: string;
  contact_phone: string;
  whatsapp_number: string;
  currency: string;
  tax_rate_bps: number;
  logo_url: string | null;
  profile_picture_url: string | null;
  cover_image_url: string | null;
  is_active: number;
  email_new_orders: number;
  returns_policy: string;
  delivery_time: string;
}) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    whatsappNumber: row.whatsapp_number,
    currency: row.currency,
    taxRateBps: row.tax_rate_bps,
    logoUrl: row.logo_url,
    profilePictureUrl: row.profile_picture_url,
    coverImageUrl: row.cover_image_url,
    isActive: row.is_active === 1,
    emailNewOrders: row.email_new_orders === 1,
    policies: toShopPolicies(row),
  };
}

/** A shop's policies as buyers read them (issue 47): '' where the shop wrote none. */
export function toShopPolicies(row: { returns_policy: string; delivery_time: string }) {
  return { returnsPolicy: row.returns_policy, deliveryTime: row.delivery_time };
}

/**
 * The few fields of the caller's own shop that the dashboard and the navigation show. `isActive`:
 * buyers can see it; `hiddenByAdmin`: an admin took it down, which only an admin lifts.
 */
export function toShopSummary(shop: { id: number; name: string; slug: string; currency: string; is_active: number; taken_down_at: string | null }) {
  return {
    id: shop.id,
    name: shop.name,
    slug: shop.slug,
    currency: shop.currency,
    isActive: shop.is_active === 1 && shop.taken_down_at === null,
    hiddenByAdmin: shop.taken_down_at !== null,
  };
}
