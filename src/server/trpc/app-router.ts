import { authRouter } from '../auth/auth.router';
import { usersRouter } from '../users/users.router';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
