import { navRole } from '../shared/roles';
import { trpc } from './trpc';

/**
 * The signed-in user (or null for a guest). App-wide like `trpc`, so the navigation, guards, pages and
 * any feature read it without features importing each other.
 */
export function useSession() {
  const query = trpc.auth.me.useQuery(undefined, { staleTime: 30_000 });
  const user = query.data ?? null;
  return {
    user,
    loading: query.isPending,
    navRole: navRole(user?.roles),
    isAdmin: user?.roles.includes('admin') ?? false,
    refresh: query.refetch,
  };
}

export type SessionUser = NonNullable<ReturnType<typeof useSession>['user']>;
