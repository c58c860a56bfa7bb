import { adminActor } from '../activity/activity.service';
import { pageIdSchema, pageSchema, pageUpdateSchema, publicPageSchema } from '../../shared/schemas/pages';
import { router } from '../trpc/init';
import { adminProcedure, publicProcedure } from '../trpc/procedures';
import * as pages from './pages.service';

/** The marketplace's pages (issue 47): everyone reads the published ones and the shell; only an admin lists, makes and edits them. */
export const pagesRouter = router({
  page: publicProcedure.input(publicPageSchema).query(({ ctx, input }) => pages.publicPage(ctx.db, input.address, input.language)),

  shell: publicProcedure.query(({ ctx }) => pages.shell(ctx.db, ctx.now(), ctx.config.timeZone)),

  list: adminProcedure.query(({ ctx }) => pages.listPages(ctx.db)),

  get: adminProcedure.input(pageIdSchema).query(({ ctx, input }) => pages.getPage(ctx.db, input.id)),

  create: adminProcedure.input(pageSchema).mutation(({ ctx, input }) => pages.createPage(ctx.db, input, adminActor(ctx.user), ctx.now())),

  delete: adminProcedure.input(pageIdSchema).mutation(async ({ ctx, input }) => {
    await pages.deletePage(ctx.db, input.id, adminActor(ctx.user), ctx.now());
    return { ok: true as const };
  }),

  update: adminProcedure.input(pageUpdateSchema).mutation(({ ctx, input: { id, ...input } }) => pages.updatePage(ctx.db, id, input, adminActor(ctx.user), ctx.now())),
});
