import type { inferRouterOutputs } from '@trpc/server';
import { Crown, ShieldCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { roleLabel } from '../../../shared/roles';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import { ADMIN_LIST_OPTIONS, AdminItem, AdminSearchList, countOf } from '../../features/admin/admin-list';
import * as styles from '../../features/admin/admin.css';
import { useSession } from '../../session';
import { errorMessage, trpc } from '../../trpc';

type AdminUser = inferRouterOutputs<AppRouter>['admin']['users']['items'][number];

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
    <AdminItem
      titleId={`user-${user.id}`}
      title={name}
      icon={<UserRound size={28} />}
      labelled
      badges={
        <>
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
        </>
      }
    >
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
    </AdminItem>
  );
}

export default function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const { user: me } = useSession();
  const query = trpc.admin.users.useInfiniteQuery({ search }, ADMIN_LIST_OPTIONS);
  return (
    <AdminSearchList
      title="Users"
      subtitle="Grant pro status and admin access."
      search={{ label: 'Search users', placeholder: 'Name, email or phone' }}
      onSearch={setSearch}
      query={query}
      noun="users"
      count={countOf('user', 'users')}
      renderItem={(user) => <UserCard key={user.id} user={user} isSelf={user.id === me?.id} />}
    />
  );
}
