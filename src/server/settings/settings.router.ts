import { marketplaceSettingsSchema } from '../../shared/schemas/settings';
import { adminActor } from '../activity/activity.service';
import { router } from '../trpc/init';
import { adminProcedure, publicProcedure } from '../trpc/procedures';
import { removeLogo } from './logo.service';
import * as settings from './settings.service';

/**
 * The marketplace's own settings (issue 47): everyone reads its identity; only an admin reads and saves
 * the section, and removes the logo (a new one is sent to POST /api/settings/logo: settings/logo.http.ts).
 */
export const settingsRouter = router({
  site: publicProcedure.query(({ ctx }) => settings.siteIdentity(ctx.db, ctx.config.storage)),
  get: adminProcedure.query(({ ctx }) => settings.marketplaceSettings(ctx.db, ctx.config)),
  save: adminProcedure.input(marketplaceSettingsSchema).mutation(({ ctx, input }) => settings.saveSettings(ctx.db, ctx.config, input, ctx.now())),
  removeLogo: adminProcedure.mutation(async ({ ctx }) => {
    await removeLogo({ db: ctx.db, storage: ctx.config.storage }, adminActor(ctx.user), ctx.now());
    return { ok: true as const };
  }),
});
