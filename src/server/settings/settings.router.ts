import { marketplaceSettingsSchema } from '../../shared/schemas/settings';
import { router } from '../trpc/init';
import { adminProcedure, publicProcedure } from '../trpc/procedures';
import * as settings from './settings.service';

/** The marketplace's own settings (issue 47): everyone reads its identity; only an admin reads and saves the section. */
export const settingsRouter = router({
  site: publicProcedure.query(({ ctx }) => settings.siteIdentity(ctx.db)),

  get: adminProcedure.query(({ ctx }) => settings.marketplaceSettings(ctx.db, ctx.config)),

  save: adminProcedure.input(marketplaceSettingsSchema).mutation(({ ctx, input }) => settings.saveSettings(ctx.db, ctx.config, input, ctx.now())),
});
