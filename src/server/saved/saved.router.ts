import { mergeSavedSchema, savedPreviewSchema, setSavedSchema } from '../../shared/schemas/saved';
import { router } from '../trpc/init';
import { authedProcedure, publicProcedure } from '../trpc/procedures';
import { mergeGuestSaved, savedIds, savedList, savedPreview, setSaved } from './saved.service';

/** Saved products (issue 50): an account's list on the server; a guest's stays in the browser. */
export const savedRouter = router({
  /** The hearts' state: the ids the caller saved. */
  ids: authedProcedure.query(({ ctx }) => savedIds(ctx.db, ctx.user.id)),

  /** /saved for a signed-in buyer. */
  list: authedProcedure.query(({ ctx }) => savedList(ctx.db, ctx.config.storage, ctx.user.id)),

  /** /saved for a guest: the products of the browser's list, as they are now. */
  preview: publicProcedure.input(savedPreviewSchema).query(({ ctx, input }) => savedPreview(ctx.db, ctx.config.storage, input.productIds)),

  set: authedProcedure.input(setSavedSchema).mutation(({ ctx, input }) => setSaved(ctx.db, ctx.user.id, input.productId, input.saved, ctx.now())),

  /** At sign-in: the guest's list joins the account's. */
  merge: authedProcedure.input(mergeSavedSchema).mutation(({ ctx, input }) => mergeGuestSaved(ctx.db, ctx.user.id, input, ctx.now())),
});
