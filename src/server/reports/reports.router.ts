import { adminActor } from '../activity/activity.service';
import { POLICIES } from '../rate-limit';
import { reportListSchema, reportSchema, resolveReportSchema } from '../../shared/schemas/report';
import { router } from '../trpc/init';
import { adminProcedure, publicProcedure, rateLimit } from '../trpc/procedures';
import * as reports from './reports.service';

/**
 * Reports of products, shops and reviews (issue 49): anyone may report (guests too, rate-limited per
 * client, counted before the input is read); admins list and resolve them.
 */
export const reportsRouter = router({
  submit: publicProcedure
    .use(rateLimit('report', POLICIES.reportsPerClient, 'Too many reports. Please wait a few minutes.'))
    .input(reportSchema)
    .mutation(({ ctx, input }) => reports.submitReport(ctx.db, input, { userId: ctx.sessionUserId }, ctx.now())),

  list: adminProcedure.input(reportListSchema).query(({ ctx, input }) => reports.listReports(ctx.db, input)),

  resolve: adminProcedure
    .input(resolveReportSchema)
    .mutation(({ ctx, input }) => reports.resolveReports(ctx.db, input.thing, input.action, input.note, adminActor(ctx.user), ctx.user.id, ctx.now())),

  /**
   * The dashboard's "Reports: N open" (things with open reports). Not kept until a write: on PostgreSQL
   * a guest's report on another instance does not notify this one's caches.
   */
  openCount: adminProcedure.query(({ ctx }) => reports.openReportCount(ctx.db)),
});
