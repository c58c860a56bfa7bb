import { z } from 'zod';
import { cursorSchema } from '../../shared/schemas/pagination';
import { productInputSchema, updateProductSchema } from '../../shared/schemas/product';
import { notFound } from '../errors';
import { shopkeeperProcedure, shopOwnerProcedure } from '../trpc/procedures';
import { router } from '../trpc/init';
import { parseColors, parseCustomFields, parseSizes, sanitizeDescription } from './product-fields';
import * as repo from './products.repository';
import { createProduct, deleteProduct, discardUnsavedImages, PRODUCT_NOT_FOUND, updateProduct } from './products.service';

const PAGE_SIZE = 20;
const idInput = z.object({ id: z.number({ error: PRODUCT_NOT_FOUND }).int().positive({ error: PRODUCT_NOT_FOUND }) });

/** The shop owner's products: list, create, edit, delete. Another shop's product reads as "not found". */
export const productsRouter = router({
  list: shopOwnerProcedure
    .input(z.object({ cursor: cursorSchema, search: z.string().trim().max(100).optional() }))
    .query(async ({ ctx, input }) => {
      const offset = input.cursor ?? 0;
      const [rows, total] = await Promise.all([
        repo.listByShop(ctx.db, ctx.shop.id, { limit: PAGE_SIZE, offset, search: input.search || undefined }),
        repo.countByShop(ctx.db, ctx.shop.id),
      ]);
      return {
        total,
        nextCursor: rows.length === PAGE_SIZE ? offset + PAGE_SIZE : null,
        items: rows.map((p) => ({
          id: p.id,
          name: p.name,
          slug: p.slug,
          brand: p.brand,
          price: p.selling_price,
          currency: p.currency,
          discount: { type: p.discount_type, value: p.discount_value },
          stock: p.stock_amount,
          unit: p.unit,
          isActive: p.is_active === 1,
          category: p.category_name,
          thumbUrl: p.thumb_url,
        })),
      };
    }),

  /** Everything the edit form needs, in the form's own units. */
  byId: shopOwnerProcedure.input(idInput).query(async ({ ctx, input }) => {
    const p = await repo.findOwned(ctx.db, ctx.shop.id, input.id);
    if (!p) throw notFound(PRODUCT_NOT_FOUND);
    const images = await repo.listImages(ctx.db, p.id);
    return {
      id: p.id,
      name: p.name,
      slug: p.slug,
      brand: p.brand,
      categoryId: p.category_id,
      descriptionHtml: sanitizeDescription(p.description_html),
      sellingPrice: p.selling_price,
      purchasePrice: p.purchase_price,
      currency: p.currency,
      stockAmount: p.stock_amount,
      unit: p.unit,
      colors: parseColors(p.colors),
      sizes: parseSizes(p.sizes),
      customFields: parseCustomFields(p.custom_fields),
      manufacturingDate: p.manufacturing_date,
      expiryDate: p.expiry_date,
      discountType: p.discount_type,
      discountValue: p.discount_value,
      isActive: p.is_active === 1,
      images: images.map((i) => ({ url: i.url, thumbUrl: i.thumb_url, isPrimary: i.is_primary === 1 })),
    };
  }),

  create: shopOwnerProcedure.input(productInputSchema).mutation(async ({ ctx, input }) => {
    return createProduct(ctx.db, { userId: ctx.user.id, shopId: ctx.shop.id }, input, ctx.now());
  }),

  update: shopOwnerProcedure.input(updateProductSchema).mutation(async ({ ctx, input }) => {
    return updateProduct(ctx.db, ctx.config.uploadsDir, { userId: ctx.user.id, shopId: ctx.shop.id }, input.id, input.product, ctx.now());
  }),

  setActive: shopOwnerProcedure.input(idInput.extend({ active: z.boolean() })).mutation(async ({ ctx, input }) => {
    if (!(await repo.setActive(ctx.db, ctx.shop.id, input.id, input.active, ctx.now()))) throw notFound(PRODUCT_NOT_FOUND);
    return { id: input.id, active: input.active };
  }),

  delete: shopOwnerProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await deleteProduct(ctx.db, ctx.config.uploadsDir, { userId: ctx.user.id, shopId: ctx.shop.id }, input.id);
    return { id: input.id };
  }),

  /** Images uploaded in a product or settings form and removed again before saving. */
  discardUnsavedImages: shopkeeperProcedure
    .input(z.object({ urls: z.array(z.string().max(200)).min(1).max(8) }))
    .mutation(async ({ ctx, input }) => {
      const removed = await discardUnsavedImages(ctx.db, ctx.config.uploadsDir, ctx.user.id, input.urls);
      return { removed };
    }),
});
