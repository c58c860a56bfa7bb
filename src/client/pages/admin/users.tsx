import type { Role } from '../../../shared/constants';
import { Crown, ShieldCheck, UserRound } from 'lucide-react';
import { useCallback, useState } from 'react';
import { roleLabel } from '../../../shared/roles';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadMore } from '../../components/ui/load-more';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { BackToDashboard } from '../../features/admin/admin-nav';
import * as styles from '../../features/admin/admin.css';
import { SearchBox } from '../../features/admin/search-box';
import { useSession } from '../../features/auth/use-session';
import { errorMessage, trpc } from '../../trpc';

type AdminUser = { id: number; email: string; fullName: string; phone: string; isPro: boolean; trialStartAt: string | null; roles: Role[] };

function formatDateTime(iso: string | null): string {
  if (!iso) return 'Not started';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Not started' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function UserCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const toast = useToast();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const setPro = trpc.admin.setPro.useMutation();
  const setAdmin = trpc.admin.setAdmin.useMutation();
  const isAdmin = user.roles.includes('admin');
  const name = user.fullName.trim() || user.email;

  async function togglePro() {
    try {
      await setPro.mutateAsync({ userId: user.id, isPro: !user.isPro });
      toast.success(user.isPro ? 'User pro status disabled' : 'User pro status enabled');
      await utils.admin.users.invalidate();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function toggleAdmin() {
    if (isAdmin) {
      const ok = await confirm({
        title: 'Remove admin role?',
        message: isSelf ? 'You will lose access to the admin screens.' : `${name} will lose access to the admin screens.`,
        confirmLabel: 'Remove admin',
      });
      if (!ok) return;
    }
    try {
      await setAdmin.mutateAsync({ userId: user.id, isAdmin: !isAdmin });
      toast.success(isAdmin ? 'Admin role removed' : 'Admin role granted');
      await utils.admin.users.invalidate();
      if (isSelf) await utils.auth.me.invalidate();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <li>
      <Card padded={false} className={styles.item} aria-labelledby={`user-${user.id}`}>
        <span className={styles.thumb} aria-hidden="true">
          <UserRound size={28} />
        </span>
        <div className={styles.body}>
          <div className={styles.titleRow}>
            <h2 className={styles.itemTitle} id={`user-${user.id}`}>
              {name}
            </h2>
            {user.isPro && (
              <Badge tone="success">
                <Crown size={12} aria-hidden="true" />
                Pro
              </Badge>
            )}
            {user.roles.map((role) => (
              <Badge key={role} tone={role === 'admin' ? 'default' : 'secondary'}>
                {roleLabel(role)}
              </Badge>
            ))}
          </div>
          <dl className={styles.meta}>
            <dt className={styles.metaTerm}>Email</dt>
            <dd className={styles.metaValue}>{user.email}</dd>
            <dt className={styles.metaTerm}>Phone</dt>
            <dd className={styles.metaValue}>{user.phone || 'Not given'}</dd>
            <dt className={styles.metaTerm}>Trial started</dt>
            <dd className={styles.metaValue}>{formatDateTime(user.trialStartAt)}</dd>
          </dl>
          <div className={styles.actions}>
            <Button size="sm" variant={user.isPro ? 'outline' : 'primary'} onClick={togglePro} loading={setPro.isPending} aria-describedby={`user-${user.id}`}>
              {user.isPro ? 'Disable Pro' : 'Enable Pro'}
            </Button>
            <Button size="sm" variant={isAdmin ? 'ghost' : 'secondary'} onClick={toggleAdmin} loading={setAdmin.isPending} aria-describedby={`user-${user.id}`}>
              <ShieldCheck size={14} aria-hidden="true" />
              {isAdmin ? 'Remove admin' : 'Make admin'}
            </Button>
          </div>
        </div>
      </Card>
    </li>
  );
}

export default function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const onSearch = useCallback((v: string) => setSearch(v), []);
  const { user: me } = useSession();
  const query = trpc.admin.users.useInfiniteQuery({ search }, { getNextPageParam: (last) => last.nextCursor, placeholderData: (prev) => prev });
  const users = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total;

  return (
    <Page title="Users" subtitle="Grant pro status and admin access." actions={<BackToDashboard />}>
      <div className={styles.toolbar}>
        <SearchBox label="Search users" placeholder="Name, email or phone" onSearch={onSearch} />
        {total !== undefined && (
          <p className={styles.count} aria-live="polite">
            {total === 1 ? '1 user' : `${total.toLocaleString()} users`}
          </p>
        )}
      </div>
      {query.isPending ? (
        <PageSkeleton label="Loading users..." />
      ) : query.error ? (
        <EmptyState title="Failed to load users">
          <p>{query.error.message}</p>
        </EmptyState>
      ) : users.length === 0 ? (
        <EmptyState title="No users found" />
      ) : (
        <>
          <ul className={styles.list} aria-label="Users">
            {users.map((u) => (
              <UserCard key={u.id} user={u} isSelf={u.id === me?.id} />
            ))}
          </ul>
          <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
        </>
      )}
    </Page>
  );
}
