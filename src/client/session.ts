import { navRole } from '../shared/roles';
import { useRead, useReads } from './reads';

/**
 * The signed-in user (or null for a guest). App-wide, so the navigation, guards, pages and any feature
 * read it without features importing each other. `refresh` asks again after a change to the account
 * (a sign-in, a role, a name, a trial started).
 */
export function useSession() {
  const reads = useReads();
  const query = useRead('auth.me', undefined, { staleTime: 30_000 });
  const user = query.data ?? null;
  return {
    user,
    loading: query.isPending,
    navRole: navRole(user?.roles, user?.shopRole),
    /** What the user is in their shop (issue 51): owner, orders or orders_products; null without one. */
    shopRole: user?.shopRole ?? null,
    isAdmin: user?.roles.includes('admin') ?? false,
    refresh: () => reads.invalidate('auth.me'),
  };
}

export type SessionUser = NonNullable<ReturnType<typeof useSession>['user']>;
