import { shopImages } from '../../shared/shop-images';
import { hasOptions, toProductCard, toProductDetails } from '../products/products.mapper';
import { averageRating, reviewCount } from '../reviews/reviews.mapper';
import type * as repo from './catalog.repository';

/** What buyers read: product cards, the product page, shop cards and the storefront header. */

type CardRow = Awaited<ReturnType<typeof repo.listActiveProducts>>[number];
type ProductRow = NonNullable<Awaited<ReturnType<typeof repo.findProductBySlug>>>;
type ShopCardRow = Awaited<ReturnType<typeof repo.listActiveShops>>[number];
type ShopRow = NonNullable<Awaited<ReturnType<typeof repo.findShopBySlug>>>;

/** A shop row's images, as the one shop-images rule picks them. */
export function shopImagesOf(row: { logo_url: string | null; profile_picture_url: string | null; cover_image_url: string | null }) {
  return shopImages({ logoUrl: row.logo_url, profilePictureUrl: row.profile_picture_url, coverImageUrl: row.cover_image_url });
}

export function toCatalogCard(row: CardRow) {
  return {
    ...toProductCard(row),
    hasOptions: hasOptions(row),
    shop: { id: row.shop_id, name: row.shop_name, slug: row.shop_slug, rating: averageRating(row.shop_rating) },
  };
}

export function toProductPage(row: ProductRow, images: Array<{ url: string; thumb_url: string }>) {
  return {
    ...toProductDetails(row),
    /** False when only its owner or an admin can see it: buyers cannot order it. */
    visibleToBuyers: Boolean(row.is_public),
    /** True when an admin took it (or its shop) down, rather than its owner switching it off. */
    hiddenByAdmin: Boolean(row.taken_down),
    categoryName: row.category_name,
    images: images.map((i) => ({ url: i.url, thumbUrl: i.thumb_url })),
    rating: averageRating(row.rating),
    reviewCount: reviewCount(row.review_count),
    shop: { id: row.shop_id, name: row.shop_name, slug: row.shop_slug, avatarUrl: shopImagesOf(row).avatar, rating: averageRating(row.shop_rating) },
  };
}

export function toShopCard(row: ShopCardRow | ShopRow) {
  const { avatar, cover } = shopImagesOf(row);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    avatarUrl: avatar,
    coverUrl: cover,
    rating: averageRating(row.rating),
    reviewCount: reviewCount(row.review_count),
  };
}

/** A storefront's header: the shop card with its contacts, currency and category badges. */
export function toStorefront(row: ShopRow, categories: Array<{ id: number; name: string; slug: string }>) {
  return {
    ...toShopCard(row),
    /** False when only its owner or an admin can see it. */
    isActive: Boolean(row.is_public),
    /** True when an admin took it down, rather than its owner switching it off. */
    hiddenByAdmin: Boolean(row.taken_down),
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    whatsappNumber: row.whatsapp_number,
    currency: row.currency,
    categories,
  };
}
