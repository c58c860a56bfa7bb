import { shopImages } from '../../shared/shop-images';

/** Where browsers load an image URL from (uploads/storage.ts browserUrlOf). */
type UrlOf = (url: string) => string;

/** A shop as /admin/shops lists it. */
export function toAdminShopView(row: {
  id: number;
  name: string;
  slug: string;
  description: string;
  logo_url: string | null;
  profile_picture_url: string | null;
  cover_image_url: string | null;
  taken_down_at: string | null;
  owner_email: string;
  product_count: number | null;
  commission_rate_bps: number | null;
}, urlOf: UrlOf) {
  const avatar = shopImages({ logoUrl: row.logo_url, profilePictureUrl: row.profile_picture_url, coverImageUrl: row.cover_image_url }).avatar;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    logoUrl: avatar && urlOf(avatar),
    /** The admin's own state: false while taken down. */
    isActive: row.taken_down_at === null,
    ownerEmail: row.owner_email,
    productCount: Number(row.product_count ?? 0),
    /** The shop's "Custom rate" of commission in basis points; null: the marketplace's (issue 48). */
    commissionRateBps: row.commission_rate_bps === null ? null : Number(row.commission_rate_bps),
  };
}

/** A product as /admin/products lists it. */
export function toAdminProductView(row: {
  id: number;
  name: string;
  slug: string;
  is_active: number;
  taken_down_at: string | null;
  selling_price: number;
  currency: string;
  stock_amount: number;
  shop_name: string;
  shop_active: number;
  shop_taken_down_at: string | null;
  image_url: string | null;
}, urlOf: UrlOf) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    /** The admin's own state: false while taken down. */
    isActive: row.taken_down_at === null,
    /** The owner's own switch, which the admin's Activate does not change. */
    ownerActive: row.is_active === 1,
    sellingPrice: row.selling_price,
    currency: row.currency,
    stock: row.stock_amount,
    shopName: row.shop_name,
    /** Buyers can see the shop. */
    shopActive: row.shop_active === 1 && row.shop_taken_down_at === null,
    imageUrl: row.image_url === null ? null : urlOf(row.image_url),
  };
}
