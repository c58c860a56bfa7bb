import { z } from 'zod';
import { cursorSchema } from '../../shared/schemas/pagination';
import { productFormSchema, updateProductSchema } from '../../shared/schemas/product';
import { shopProcedure } from '../trpc/procedures';
import { router } from '../trpc/init';
import { discardUnsavedImages } from '../uploads/uploads.service';
import { dismissImport, latestImport } from './product-import.service';
import {
  createProduct,
  deleteProduct,
  listShopProducts,
  PRODUCT_NOT_FOUND,
  productForEdit,
  setProductActive,
  updateProduct,
} from './products.service';

const idInput = z.object({ id: z.number({ error: PRODUCT_NOT_FOUND }).int().positive({ error: PRODUCT_NOT_FOUND }) });

/** The shop's products (its owner and "Orders and products" staff; deleting is the owner's): list, create, edit, delete. Another shop's product reads as "not found". */
export const productsRouter = router({
  list: shopProcedure
    .input(z.object({ cursor: cursorSchema, search: z.string().trim().max(100).optional() }))
    .query(({ ctx, input }) => listShopProducts(ctx.db, ctx.config.storage, ctx.shop.id, input)),

  /** Everything the edit form needs. */
  byId: shopProcedure.input(idInput).query(({ ctx, input }) => productForEdit(ctx.db, ctx.shop.id, input.id)),

  create: shopProcedure
    .input(productFormSchema)
    .mutation(({ ctx, input }) => createProduct(ctx.db, { userId: ctx.user.id, shop: ctx.shop }, input, ctx.now())),

  update: shopProcedure
    .input(updateProductSchema)
    .mutation(({ ctx, input }) =>
      updateProduct(ctx.db, ctx.config.storage, { userId: ctx.user.id, shop: ctx.shop }, input.id, input.product, ctx.now(), ctx.config.mail),
    ),

  setActive: shopProcedure
    .input(idInput.extend({ active: z.boolean() }))
    .mutation(({ ctx, input }) => setProductActive(ctx.db, ctx.shop.id, input.id, input.active, ctx.now(), ctx.config.mail)),

  delete: shopProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => deleteProduct(ctx.db, ctx.config.storage, { userId: ctx.user.id, shop: ctx.shop }, input.id)),

  /** The shop's newest catalogue import (issue 34): its progress while it runs, then its result, until put away. */
  latestImport: shopProcedure.query(({ ctx }) => latestImport(ctx.db, ctx.shop.id, ctx.now())),

  dismissImport: shopProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .mutation(({ ctx, input }) => dismissImport(ctx.db, ctx.shop.id, input.id, ctx.now())),

  /** Images uploaded in a product or settings form and removed again before saving. */
  discardUnsavedImages: shopProcedure
    .input(z.object({ urls: z.array(z.string().max(200)).min(1).max(8) }))
    .mutation(({ ctx, input }) => discardUnsavedImages(ctx.db, ctx.config.storage, ctx.user.id, input.urls)),
});
