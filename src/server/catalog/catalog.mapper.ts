import { shopImages } from '../../shared/shop-images';
import { toShopPolicies } from '../shops/shops.mapper';
import { hasOptions, toProductCard, toProductDetails, type VariantRow } from '../products/products.mapper';
import { averageRating } from '../reviews/reviews.mapper';
import { toResponsiveImage } from '../uploads/uploads.mapper';
import type { DescribedImages } from '../uploads/uploads.service';
import type * as repo from './catalog.repository';

/** What buyers read: product cards, the product page, shop cards and the storefront header. */

type CardRow = Awaited<ReturnType<typeof repo.listActiveProducts>>[number];
type ProductRow = NonNullable<Awaited<ReturnType<typeof repo.findProductBySlug>>>;
type ShopCardRow = Awaited<ReturnType<typeof repo.listActiveShops>>[number];
type ShopRow = NonNullable<Awaited<ReturnType<typeof repo.findShopBySlug>>>;
/** Sizes and resized copies of the images a response shows (uploads' describeImages). */
type Described = DescribedImages;

/** A shop row's images, as the one shop-images rule picks them. */
export function shopImagesOf(row: { logo_url: string | null; profile_picture_url: string | null; cover_image_url: string | null }) {
  return shopImages({ logoUrl: row.logo_url, profilePictureUrl: row.profile_picture_url, coverImageUrl: row.cover_image_url });
}

export function toCatalogCard(row: CardRow, described: Described) {
  return {
    ...toProductCard(row),
    thumbUrl: row.thumb_url === null ? null : described.urlOf(row.thumb_url),
    image: toResponsiveImage(described, row.url),
    hasOptions: hasOptions(row),
    shop: { id: row.shop_id, name: row.shop_name, slug: row.shop_slug, rating: averageRating(row.shop_rating_sum, row.shop_review_count) },
  };
}

export function toProductPage(row: ProductRow, images: Array<{ url: string; thumb_url: string }>, described: Described, variants: readonly VariantRow[] = []) {
  const details = toProductDetails(row, variants);
  return {
    ...details,
    // Buyers never read an owner's own figures: what a variant overrides is in its price already.
    variants: details.variants.map(({ ownPrice: _own, ...v }) => v),
    /** False when only its owner or an admin can see it: buyers cannot order it. */
    visibleToBuyers: Boolean(row.is_public),
    /** True when an admin took it (or its shop) down, rather than its owner switching it off. */
    hiddenByAdmin: Boolean(row.taken_down),
    categoryName: row.category_name,
    images: images.map((i) => ({ ...toResponsiveImage(described, i.url)!, thumbUrl: described.urlOf(i.thumb_url) })),
    rating: averageRating(row.rating_sum, row.review_count),
    reviewCount: row.review_count,
    shop: {
      id: row.shop_id,
      name: row.shop_name,
      slug: row.shop_slug,
      avatar: toResponsiveImage(described, shopImagesOf(row).avatar),
      rating: averageRating(row.shop_rating_sum, row.shop_review_count),
      /** Its "Returns and exchanges" and "Delivery time" (issue 47), beside Add to Cart. */
      policies: toShopPolicies(row),
    },
  };
}

export function toShopCard(row: ShopCardRow | ShopRow, described: Described) {
  const { avatar, cover } = shopImagesOf(row);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    avatar: toResponsiveImage(described, avatar),
    cover: toResponsiveImage(described, cover),
    rating: averageRating(row.rating_sum, row.review_count),
    reviewCount: row.review_count,
  };
}

/** A storefront's header: the shop card with its contacts, currency and category badges. */
export function toStorefront(row: ShopRow, categories: Array<{ id: number; name: string; slug: string }>, described: Described) {
  return {
    ...toShopCard(row, described),
    /** False when only its owner or an admin can see it. */
    isActive: Boolean(row.is_public),
    /** True when an admin took it down, rather than its owner switching it off. */
    hiddenByAdmin: Boolean(row.taken_down),
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    whatsappNumber: row.whatsapp_number,
    currency: row.currency,
    policies: toShopPolicies(row),
    categories,
  };
}
