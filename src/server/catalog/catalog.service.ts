import type { BrowseInput, ShopsListInput, StorefrontProductsInput } from '../../shared/schemas/catalog';
import { waLink } from '../../shared/whatsapp';
import type { DB } from '../db/client';
import { browserUrlOf, type UploadStorage } from '../uploads/storage';
import { notFound } from '../errors';
import { offsetPage } from '../pagination';
import { toVariantViews, unitPrice } from '../products/products.mapper';
import { productImages, productsWithShop, productVariants } from '../products/products.service';
import { deliveryRules } from '../shops/shops.service';
import { describeImages } from '../uploads/uploads.service';
import { returnsPagePath } from '../settings/marketplace-pages';
import { toShopPolicies } from '../shops/shops.mapper';
import { shopImagesOf, toCatalogCard, toProductPage, toShopCard, toStorefront } from './catalog.mapper';
import * as repo from './catalog.repository';
import { viewerOf } from './visibility';
import { takesOrders } from '../billing/billing-settings.service';
import { followedShops } from '../follows/follows.service';

/** Where views' image URLs point (the upload storage's public base URL, S3_PUBLIC_URL). */
type Images = Pick<UploadStorage, 'publicBaseUrl'>;

/** The browse grid: search by name or brand, filter by category slug and shop slug. */
export async function browseProducts(db: DB, storage: Images, input: BrowseInput) {
  const offset = input.cursor ?? 0;
  const rows = await repo.listActiveProducts(db, {
    search: input.search,
    categorySlug: input.category,
    shopSlug: input.shop,
    offset,
    limit: input.limit,
  });
  const described = await describeImages(db, storage, rows.map((r) => r.url));
  return offsetPage(rows.map((r) => toCatalogCard(r, described)), offset, input.limit);
}

/** The category icon strip of /browse. */
export async function browseFilters(db: DB, storage: Images) {
  const categories = await repo.listBrowseCategories(db);
  const iconOf = (url: string | null) => (url === null ? null : browserUrlOf(storage, url));
  return { categories: categories.map((c) => ({ slug: c.slug, name: String(c.name), iconUrl: iconOf((c.icon_url as string | null) ?? null) })) };
}

/** The shop dropdown of /browse: every public shop by name (read when the dropdown is about to be used). */
export async function shopOptions(db: DB) {
  return repo.listShopOptions(db);
}

/** What a product page and a storefront ask of the shop's plan (billing's takesOrders). */
interface PlanClock {
  now: Date;
  trialMinutes: number;
}

export async function productPage(db: DB, storage: Images, slug: string, sessionUserId: number | null, clock: PlanClock) {
  const row = await repo.findProductBySlug(db, slug, await viewerOf(db, sessionUserId));
  if (!row) throw notFound('Product not found');
  const [images, variants, returnsPage, takingOrders] = await Promise.all([
    productImages(db, row.id),
    row.stock_mode === 'per_variant' ? productVariants(db, [row.id]) : [],
    row.returns_policy ? null : returnsPagePath(db),
    takesOrders(db, row.shop_id, clock.now, clock.trialMinutes),
  ]);
  const described = await describeImages(db, storage, [...images.map((i) => i.url), shopImagesOf(row).avatar]);
  /**
   * `returnsPage`: the marketplace's Returns page, which a shop without returns text links (null: none
   * published). `takingOrders`: false when the operator stops orders from shops whose trial or plan has
   * ended and this shop's has: the page says so in place of Add to Cart (checkout refuses it anyway).
   */
  return { ...toProductPage(row, images, described, variants), returnsPage, takingOrders };
}

export async function shopCards(db: DB, storage: Images, input: ShopsListInput) {
  const offset = input.cursor ?? 0;
  const rows = await repo.listActiveShops(db, { search: input.search, offset, limit: input.limit });
  const described = await describeImages(db, storage, rows.flatMap((r) => Object.values(shopImagesOf(r))));
  return offsetPage(rows.map((r) => toShopCard(r, described)), offset, input.limit);
}

/** A storefront's header and category badges; 'Shop not found' for unknown or inactive shops. */
export async function storefront(db: DB, storage: Images, slug: string, sessionUserId: number | null) {
  const shop = await repo.findShopBySlug(db, slug, await viewerOf(db, sessionUserId));
  if (!shop) throw notFound('Shop not found');
  const [categories, described] = await Promise.all([repo.listShopCategories(db, shop.id), describeImages(db, storage, Object.values(shopImagesOf(shop)))]);
  return toStorefront(shop, categories, described);
}

/**
 * The storefront's header with what delivery costs, before anything is in the cart (the cart computes
 * the exact fee), and the link to the shop's WhatsApp (its number in international form, never as text).
 */
export async function storefrontPage(
  db: DB,
  storage: Images,
  slug: string,
  sessionUserId: number | null,
  options: { deliveryFeeDefault: string; countryCode: string } & PlanClock,
) {
  const { whatsappNumber, ...shop } = await storefront(db, storage, slug, sessionUserId);
  const [rules, takingOrders] = await Promise.all([deliveryRules(db, [shop.id], options.deliveryFeeDefault), takesOrders(db, shop.id, options.now, options.trialMinutes)]);
  const rule = rules.get(shop.id)?.rule;
  return {
    ...shop,
    takingOrders,
    returnsPage: shop.policies.returnsPolicy ? null : await returnsPagePath(db),
    whatsappUrl: waLink(whatsappNumber, options.countryCode),
    delivery: rule ? { fee: rule.fee, freeFrom: rule.freeFrom, byCity: rule.cities.length > 0 } : null,
  };
}

/** A storefront's products; its owner and admins still see them while the shop is hidden. */
export async function storefrontProducts(db: DB, storage: Images, input: StorefrontProductsInput, sessionUserId: number | null) {
  const offset = input.cursor ?? 0;
  const viewer = await viewerOf(db, sessionUserId);
  const includeHiddenShop = viewer !== null && (viewer.isAdmin || (await repo.findShopOwnerId(db, input.shopId)) === viewer.userId);
  const rows = await repo.listActiveProducts(db, {
    shopId: input.shopId,
    categoryId: input.categoryId ?? null,
    includeHiddenShop,
    offset,
    limit: input.limit,
  });
  const described = await describeImages(db, storage, rows.map((r) => r.url));
  return offsetPage(rows.map((r) => toCatalogCard(r, described)), offset, input.limit);
}

/** How many shops /following shows, and how many of each one's newest products. */
const FOLLOWING_SHOPS = 50;
const FOLLOWING_PRODUCTS = 4;

/** /following (issue 50): the shops an account follows, newest followed first, each with its newest products. */
export async function followingPage(db: DB, storage: Images, userId: number) {
  const shops = await followedShops(db, userId, FOLLOWING_SHOPS);
  // Each shop's newest through its own index (a few rows each); their images described in one read.
  const rows = await Promise.all(
    shops.map(async (shop) =>
      (await repo.listActiveProducts(db, { shopId: shop.id, categoryId: null, includeHiddenShop: false, offset: 0, limit: FOLLOWING_PRODUCTS })).slice(0, FOLLOWING_PRODUCTS),
    ),
  );
  const described = await describeImages(db, storage, rows.flat().map((r) => r.url));
  return shops.map((shop, i) => ({ ...shop, products: rows[i]!.map((r) => toCatalogCard(r, described)) }));
}

/**
 * The current state of a cart's products, so the cart can flag lines whose product was hidden, was
 * deleted or changed price. Unknown ids are simply absent; a hidden product reads as unavailable and
 * nothing more, to anyone (its name, price and stock are not public).
 */
export async function cartLines(db: DB, productIds: readonly number[], deliveryFeeDefault: string) {
  const rows = await productsWithShop(db, productIds);
  const perVariant = rows.filter((p) => p.is_public && p.stock_mode === 'per_variant').map((p) => p.id);
  const variants = await productVariants(db, perVariant);
  const products = rows.map((p) =>
    p.is_public
      ? {
          id: p.id,
          available: true as const,
          slug: p.slug,
          name: p.name,
          price: unitPrice(p),
          currency: p.currency,
          stock: p.stock_amount,
          shopId: p.shop_id,
          shopName: p.shop_name,
          /** Per variant: each combination's price and stock, which a line of it reads instead (no SKUs). */
          variants: toVariantViews(p, variants.filter((v) => v.product_id === p.id)).map((v) => ({ color: v.color, size: v.size, price: v.price, stock: v.stock })),
        }
      : { id: p.id, available: false as const },
  );
  // The shops of the products buyers may see, with what the cart totals need: tax and the delivery rule.
  const visible = rows.filter((p) => p.is_public);
  const rules = await deliveryRules(db, [...new Set(visible.map((p) => p.shop_id))], deliveryFeeDefault);
  const shops = [...new Map(visible.map((p) => [p.shop_id, p])).values()].flatMap((p) => {
    const delivery = rules.get(p.shop_id);
    if (!delivery) return [];
    const policies = toShopPolicies({ returns_policy: p.shop_returns_policy, delivery_time: p.shop_delivery_time });
    return [{ id: p.shop_id, name: p.shop_name, currency: delivery.currency, taxRateBps: p.tax_rate_bps, delivery: delivery.rule, policies }];
  });
  // The marketplace's Returns page, for the shops of the cart that wrote no returns text (checkout's groups).
  const returnsPage = shops.some((shop) => !shop.policies.returnsPolicy) ? await returnsPagePath(db) : null;
  return { products, shops, returnsPage };
}
