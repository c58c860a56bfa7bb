import { discountedPrice } from '../../shared/pricing';
import { browseSchema, cartLinesSchema, shopsListSchema, slugSchema, storefrontProductsSchema } from '../../shared/schemas/catalog';
import { notFound } from '../errors';
import { offsetPage } from '../pagination';
import { parseColors, parseCustomFields, parseSizes, sanitizeDescription } from '../products/product-fields';
import { router } from '../trpc/init';
import type { Context } from '../trpc/context';
import { publicProcedure } from '../trpc/procedures';
import { listRoles } from '../users/users.repository';
import * as repo from './catalog.repository';

/** The signed-in viewer, for pages that owners and admins still see while inactive. */
async function viewerOf(ctx: Context): Promise<repo.Viewer> {
  if (ctx.sessionUserId === null) return null;
  return { userId: ctx.sessionUserId, isAdmin: (await listRoles(ctx.db, ctx.sessionUserId)).includes('admin') };
}

/** An average from SQL, to one decimal (null when there are no reviews). */
function rating(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 10) / 10 : null;
}

type ProductRow = Awaited<ReturnType<typeof repo.listActiveProducts>>[number];

function productCard(row: ProductRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    sellingPrice: row.selling_price,
    price: discountedPrice(row.selling_price, { type: row.discount_type, value: row.discount_value }),
    currency: row.currency,
    discount: { type: row.discount_type, value: row.discount_value },
    stock: row.stock_amount,
    hasOptions: parseColors(row.colors).length > 0 || parseSizes(row.sizes).length > 0,
    thumbUrl: row.thumb_url ?? null,
    shop: { id: row.shop_id, name: row.shop_name, slug: row.shop_slug, rating: rating(row.shop_rating) },
  };
}
export type ProductCardData = ReturnType<typeof productCard>;


/** What buyers and guests browse: products, product pages, shops, storefronts. */
export const catalogRouter = router({
  /** The browse grid: search by name or brand, filter by category slug and shop slug. */
  products: publicProcedure.input(browseSchema).query(async ({ ctx, input }) => {
    const offset = input.cursor ?? 0;
    const rows = await repo.listActiveProducts(ctx.db, {
      search: input.search,
      categorySlug: input.category,
      shopSlug: input.shop,
      offset,
      limit: input.limit,
    });
    return offsetPage(rows.map(productCard), offset, input.limit);
  }),

  /** The category icon strip and the shop dropdown of /browse. */
  filters: publicProcedure.query(async ({ ctx }) => {
    const [categories, shops] = await Promise.all([repo.listBrowseCategories(ctx.db), repo.listShopOptions(ctx.db)]);
    return {
      categories: categories.map((c) => ({ slug: c.slug, name: String(c.name), iconUrl: (c.icon_url as string | null) ?? null })),
      shops,
    };
  }),

  product: publicProcedure.input(slugSchema).query(async ({ ctx, input }) => {
    const row = await repo.findProductBySlug(ctx.db, input.slug, await viewerOf(ctx));
    if (!row) throw notFound('Product not found');
    const images = await repo.listProductImages(ctx.db, row.id);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      brand: row.brand,
      /** False when only its owner or an admin can see it: buyers cannot order it. */
      visibleToBuyers: row.is_active === 1 && row.shop_active === 1,
      descriptionHtml: sanitizeDescription(row.description_html),
      sellingPrice: row.selling_price,
      price: discountedPrice(row.selling_price, { type: row.discount_type, value: row.discount_value }),
      currency: row.currency,
      discount: { type: row.discount_type, value: row.discount_value },
      stock: row.stock_amount,
      unit: row.unit,
      colors: parseColors(row.colors),
      sizes: parseSizes(row.sizes),
      customFields: parseCustomFields(row.custom_fields),
      manufacturingDate: row.manufacturing_date,
      expiryDate: row.expiry_date,
      categoryName: row.category_name,
      images: images.map((i) => ({ url: i.url, thumbUrl: i.thumb_url })),
      rating: rating(row.rating),
      reviewCount: Number(row.review_count ?? 0),
      shop: {
        id: row.shop_id,
        name: row.shop_name,
        slug: row.shop_slug,
        logoUrl: row.shop_logo_url ?? row.shop_picture_url,
        rating: rating(row.shop_rating),
      },
    };
  }),

  shops: publicProcedure.input(shopsListSchema).query(async ({ ctx, input }) => {
    const offset = input.cursor ?? 0;
    const rows = await repo.listActiveShops(ctx.db, { search: input.search, offset, limit: input.limit });
    return offsetPage(
      rows.map((s) => ({
        id: s.id,
        slug: s.slug,
        name: s.name,
        description: s.description,
        coverUrl: s.cover_image_url ?? s.profile_picture_url,
        pictureUrl: s.profile_picture_url ?? s.logo_url,
        rating: rating(s.rating),
        reviewCount: Number(s.review_count ?? 0),
      })),
      offset,
      input.limit,
    );
  }),

  /** A storefront's header and category badges; 'Shop not found' for unknown or inactive shops. */
  shop: publicProcedure.input(slugSchema).query(async ({ ctx, input }) => {
    const shop = await repo.findShopBySlug(ctx.db, input.slug, await viewerOf(ctx));
    if (!shop) throw notFound('Shop not found');
    const categories = await repo.listShopCategories(ctx.db, shop.id);
    return {
      id: shop.id,
      slug: shop.slug,
      name: shop.name,
      /** False when only its owner or an admin can see it. */
      isActive: shop.is_active === 1,
      description: shop.description,
      contactEmail: shop.contact_email,
      contactPhone: shop.contact_phone,
      whatsappNumber: shop.whatsapp_number,
      currency: shop.currency,
      logoUrl: shop.logo_url ?? shop.profile_picture_url,
      coverUrl: shop.cover_image_url,
      rating: rating(shop.rating),
      reviewCount: Number(shop.review_count ?? 0),
      categories,
    };
  }),

  shopProducts: publicProcedure.input(storefrontProductsSchema).query(async ({ ctx, input }) => {
    const offset = input.cursor ?? 0;
    const viewer = await viewerOf(ctx);
    const includeInactiveShop =
      viewer !== null && (viewer.isAdmin || (await repo.findShopOwnerId(ctx.db, input.shopId)) === viewer.userId);
    const rows = await repo.listActiveProducts(ctx.db, {
      shopId: input.shopId,
      categoryId: input.categoryId ?? null,
      includeInactiveShop,
      offset,
      limit: input.limit,
    });
    return offsetPage(rows.map(productCard), offset, input.limit);
  }),

  /**
   * The current state of a cart's products, so the cart can flag lines whose product became
   * inactive, was deleted or changed price. Unknown ids are simply absent.
   */
  cartLines: publicProcedure.input(cartLinesSchema).query(async ({ ctx, input }) => {
    const ids = [...new Set(input.productIds)];
    const rows = await repo.findCartProducts(ctx.db, ids);
    return rows.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      price: discountedPrice(p.selling_price, { type: p.discount_type, value: p.discount_value }),
      currency: p.currency,
      stock: p.stock_amount,
      available: p.is_active === 1 && p.shop_active === 1,
      shopId: p.shop_id,
      shopName: p.shop_name,
    }));
  }),
});
