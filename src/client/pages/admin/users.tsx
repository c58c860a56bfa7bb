import type { inferRouterOutputs } from '@trpc/server';
import { Crown, ShieldCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import type { Role } from '../../../shared/constants';
import { formatDate } from '../../../shared/i18n/intl';
import type { Language } from '../../../shared/i18n/language';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import { ADMIN_LIST_OPTIONS, AdminItem, AdminSearchList, useCount } from '../../features/admin/admin-list';
import { ResetLinkButton } from '../../features/admin/reset-link';
import { SuspendButton } from '../../features/admin/suspend-button';
import * as styles from '../../features/admin/admin.css';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { useSession } from '../../session';
import { errorMessage } from '../../error-message';
import { useReads } from '../../reads';
import { trpc } from '../../trpc';

type AdminUser = inferRouterOutputs<AppRouter>['admin']['users']['items'][number];

const ROLE_LABELS: Record<Role, keyof typeof admin> = {
  admin: 'admin.users.role.admin',
  shopkeeper: 'admin.users.role.shopkeeper',
  buyer: 'admin.users.role.buyer',
};

/** When the trial started, in the page's language; null when it has not. */
function trialStart(iso: string | null, language: Language): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatDate(date, language, 'dateTime');
}

function UserCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const toast = useToast();
  const confirm = useConfirm();
  const t = useT(admin);
  const language = useLanguage();
  const reads = useReads();
  const utils = trpc.useUtils();
  const setPro = trpc.admin.setPro.useMutation();
  const setAdmin = trpc.admin.setAdmin.useMutation();
  const isAdmin = user.roles.includes('admin');
  const name = user.fullName.trim() || user.email;

  async function togglePro() {
    try {
      await setPro.mutateAsync({ userId: user.id, isPro: !user.isPro });
      toast.success(t(user.isPro ? 'admin.users.proDisabled' : 'admin.users.proEnabled'));
      await utils.admin.users.invalidate();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function toggleAdmin() {
    if (isAdmin) {
      const ok = await confirm({
        title: t('admin.users.removeAdminTitle'),
        message: isSelf ? t('admin.users.removeSelf') : t('admin.users.removeOther', { name }),
        confirmLabel: t('admin.users.removeAdmin'),
      });
      if (!ok) return;
    }
    try {
      await setAdmin.mutateAsync({ userId: user.id, isAdmin: !isAdmin });
      toast.success(t(isAdmin ? 'admin.users.adminRemoved' : 'admin.users.adminGranted'));
      await utils.admin.users.invalidate();
      if (isSelf) await reads.invalidate('auth.me');
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
              {t('admin.users.pro')}
            </Badge>
          )}
          {user.suspended && <Badge tone="danger">{t('admin.users.suspendedBadge')}</Badge>}
          {user.roles.map((role) => (
            <Badge key={role} tone={role === 'admin' ? 'default' : 'secondary'}>
              {t(ROLE_LABELS[role])}
            </Badge>
          ))}
        </>
      }
    >
      <dl className={styles.meta}>
        <dt className={styles.metaTerm}>{t('admin.users.email')}</dt>
        <dd className={styles.metaValue}>
          <bdi>{user.email}</bdi>
        </dd>
        <dt className={styles.metaTerm}>{t('admin.users.phone')}</dt>
        <dd className={styles.metaValue}>{user.phone ? <bdi>{user.phone}</bdi> : t('admin.users.notGiven')}</dd>
        <dt className={styles.metaTerm}>{t('admin.users.trialStarted')}</dt>
        <dd className={styles.metaValue}>{trialStart(user.trialStartAt, language) ?? t('admin.users.notStarted')}</dd>
        {user.suspended && (
          <>
            <dt className={styles.metaTerm}>{t('admin.users.suspendedReason')}</dt>
            <dd className={styles.metaValue} dir="auto">
              {user.suspended.reason}
            </dd>
          </>
        )}
      </dl>
      <div className={styles.actions}>
        <Button size="sm" variant={user.isPro ? 'outline' : 'primary'} onClick={togglePro} loading={setPro.isPending} aria-describedby={`user-${user.id}`}>
          {t(user.isPro ? 'admin.users.disablePro' : 'admin.users.enablePro')}
        </Button>
        <Button size="sm" variant={isAdmin ? 'ghost' : 'secondary'} onClick={toggleAdmin} loading={setAdmin.isPending} aria-describedby={`user-${user.id}`}>
          <ShieldCheck size={14} aria-hidden="true" />
          {t(isAdmin ? 'admin.users.removeAdmin' : 'admin.users.makeAdmin')}
        </Button>
        <ResetLinkButton userId={user.id} name={name} describedBy={`user-${user.id}`} />
        {!isSelf && <SuspendButton userId={user.id} name={name} suspended={user.suspended !== null} describedBy={`user-${user.id}`} />}
      </div>
    </AdminItem>
  );
}

export default function AdminUsersPage() {
  const t = useT(admin);
  const count = useCount('admin.users.count');
  const [search, setSearch] = useState('');
  const { user: me } = useSession();
  const query = trpc.admin.users.useInfiniteQuery({ search }, ADMIN_LIST_OPTIONS);
  return (
    <AdminSearchList
      title={t('admin.users.title')}
      subtitle={t('admin.users.subtitle')}
      search={{ label: t('admin.users.search'), placeholder: t('admin.users.searchPlaceholder') }}
      onSearch={setSearch}
      query={query}
      noun="users"
      count={count}
      renderItem={(user) => <UserCard key={user.id} user={user} isSelf={user.id === me?.id} />}
    />
  );
}
