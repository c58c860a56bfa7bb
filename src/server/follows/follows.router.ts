import { setFollowingSchema } from '../../shared/schemas/follows';
import { router } from '../trpc/init';
import { authedProcedure } from '../trpc/procedures';
import { followingPage } from '../catalog/catalog.service';
import { followedIds, setFollowing } from './follows.service';

/** Followed shops (issue 50): an account's, on the server. */
export const followsRouter = router({
  /** The Follow buttons' state: the ids of the shops the caller follows. */
  ids: authedProcedure.query(({ ctx }) => followedIds(ctx.db, ctx.user.id)),

  /** /following: the followed shops with their newest products. */
  list: authedProcedure.query(({ ctx }) => followingPage(ctx.db, ctx.config.storage, ctx.user.id)),

  set: authedProcedure.input(setFollowingSchema).mutation(({ ctx, input }) => setFollowing(ctx.db, ctx.user.id, input.shopId, input.following, ctx.now())),
});
