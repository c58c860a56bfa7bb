import { adminActor } from '../activity/activity.service';
import { announcementSchema, marketplaceSettingsSchema } from '../../shared/schemas/settings';
import { router } from '../trpc/init';
import { adminProcedure, publicProcedure } from '../trpc/procedures';
import * as announcements from './announcement.service';
import { removeLogo } from './logo.service';
import * as settings from './settings.service';

/**
 * The marketplace's own settings (issue 47): everyone reads its identity; only an admin reads and saves
 * the sections, and removes the logo (a new one is sent to POST /api/settings/logo: settings/logo.http.ts).
 */
export const settingsRouter = router({
  site: publicProcedure.query(({ ctx }) => settings.siteIdentity(ctx.db, ctx.config.storage)),
  get: adminProcedure.query(({ ctx }) => settings.marketplaceSettings(ctx.db, ctx.config)),

  save: adminProcedure.input(marketplaceSettingsSchema).mutation(({ ctx, input }) => settings.saveSettings(ctx.db, ctx.config, input, adminActor(ctx.user), ctx.now())),

  /** The announcement bar's section (issue 47); public pages read it through pages.shell. */
  announcement: adminProcedure.query(({ ctx }) => announcements.announcement(ctx.db)),

  saveAnnouncement: adminProcedure.input(announcementSchema).mutation(({ ctx, input }) => announcements.saveAnnouncement(ctx.db, input, adminActor(ctx.user), ctx.now())),

  removeLogo: adminProcedure.mutation(async ({ ctx }) => {
    await removeLogo({ db: ctx.db, storage: ctx.config.storage }, adminActor(ctx.user), ctx.now());
    return { ok: true as const };
  }),
});
