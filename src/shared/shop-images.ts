/** A shop's three uploaded images, as the shop settings store them. */
export interface ShopImageUrls {
  logoUrl: string | null;
  profilePictureUrl: string | null;
  coverImageUrl: string | null;
}

/**
 * Which image represents a shop, everywhere it is shown: the small square `avatar` (cards, product
 * page, admin lists) is the logo, else the profile picture; the wide `cover` (shop cards, storefront
 * header) is the cover image, else the profile picture. A share preview wants a wide image first:
 * `cover ?? avatar`.
 */
export function shopImages(shop: ShopImageUrls): { avatar: string | null; cover: string | null } {
  return {
    avatar: shop.logoUrl ?? shop.profilePictureUrl,
    cover: shop.coverImageUrl ?? shop.profilePictureUrl,
  };
}
