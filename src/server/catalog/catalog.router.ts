import { countryCode } from '../settings/settings.service';
import { browseSchema, cartLinesSchema, shopsListSchema, slugSchema, storefrontProductsSchema } from '../../shared/schemas/catalog';
import { router } from '../trpc/init';
import { publicProcedure } from '../trpc/procedures';
import { browseFilters, browseProducts, cartLines, productPage, shopCards, shopOptions, storefrontPage, storefrontProducts } from './catalog.service';

/** What buyers and guests browse: products, product pages, shops, storefronts. */
export const catalogRouter = router({
  /** The browse grid: search by name or brand, filter by category slug and shop slug. */
  products: publicProcedure.input(browseSchema).query(({ ctx, input }) => browseProducts(ctx.db, ctx.config.storage, input)),

  /** The category icon strip of /browse. */
  filters: publicProcedure.query(({ ctx }) => browseFilters(ctx.db, ctx.config.storage)),

  /**
   * The shop dropdown of /browse, apart from the strip: the page carries it only when a shop is chosen,
   * the browser reads it once the page is idle (200 shops were 26 KB of every /browse page's HTML).
   */
  shopOptions: publicProcedure.query(({ ctx }) => shopOptions(ctx.db)),

  /** `notifyWhenBack`: mail is set up, so a sold-out product offers "Notify me when it's back" (fixed for the process's life: safe in the public cache). */
  product: publicProcedure.input(slugSchema).query(async ({ ctx, input }) => ({
    ...(await productPage(ctx.db, ctx.config.storage, input.slug, ctx.sessionUserId, { now: ctx.now(), trialMinutes: ctx.config.trialMinutes })),
    notifyWhenBack: ctx.config.mail !== null,
  })),

  shops: publicProcedure.input(shopsListSchema).query(({ ctx, input }) => shopCards(ctx.db, ctx.config.storage, input)),

  /** A storefront's header and category badges; 'Shop not found' for unknown or inactive shops. */
  shop: publicProcedure
    .input(slugSchema)
    .query(async ({ ctx, input }) =>
      storefrontPage(ctx.db, ctx.config.storage, input.slug, ctx.sessionUserId, {
        deliveryFeeDefault: ctx.config.deliveryFeeDefault,
        countryCode: await countryCode(ctx.db, ctx.config),
        now: ctx.now(),
        trialMinutes: ctx.config.trialMinutes,
      }),
    ),

  shopProducts: publicProcedure
    .input(storefrontProductsSchema)
    .query(({ ctx, input }) => storefrontProducts(ctx.db, ctx.config.storage, input, ctx.sessionUserId)),

  /**
   * The current state of a cart's products, so the cart can flag what changed since it was filled, and
   * their shops' tax and delivery rules, so it can show what the courier will collect.
   */
  cartLines: publicProcedure.input(cartLinesSchema).query(({ ctx, input }) => cartLines(ctx.db, input.productIds, ctx.config.deliveryFeeDefault)),
});
