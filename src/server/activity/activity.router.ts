import { activityListSchema } from '../../shared/schemas/activity';
import { router } from '../trpc/init';
import { adminProcedure } from '../trpc/procedures';
import * as activity from './activity.service';

/** The activity log, read by admins only (issue 49): who did what, when, to which thing. */
export const activityRouter = router({
  list: adminProcedure.input(activityListSchema).query(({ ctx, input }) => activity.listActivity(ctx.db, input, ctx.config.timeZone)),
});
