import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';
import { formatDate } from '../../../shared/i18n/intl';
import { formatNumber } from '../../../shared/i18n/numbers';
import type { StaffRole } from '../../../shared/staff';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../error-message';
import staff from '../../i18n/catalogues/en/staff';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';
import { ROLE_LABELS } from './invite-form';
import * as styles from './staff.css';

type StaffList = inferRouterOutputs<AppRouter>['staff']['list'];

const otherRole = (role: StaffRole): StaffRole => (role === 'orders' ? 'orders_products' : 'orders');

/**
 * The owner's list (issue 51): the owner, each helper with their role and last activity, "Change role"
 * and "Remove" (both hold from the helper's next request), and the invitations not yet accepted.
 */
export function StaffList({ data }: { data: StaffList }) {
  const t = useT(staff);
  const language = useLanguage();
  const toast = useToast();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const changeRole = trpc.staff.changeRole.useMutation();
  const remove = trpc.staff.remove.useMutation();
  const revoke = trpc.staff.revokeInvitation.useMutation();
  const taken = data.members.length + data.invitations.length;

  async function act(question: { message: string; confirmLabel: string; destructive?: boolean }, run: () => Promise<unknown>, done: string) {
    if (!(await confirm(question))) return;
    try {
      await run();
      toast.success(done);
      await utils.staff.list.invalidate();
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  return (
    <Card as="section" aria-labelledby="staff-list">
      <CardHeader id="staff-list" title={t('staff.listTitle', { count: formatNumber(taken, language), max: formatNumber(data.max, language) })} />
      <ul className={styles.list} aria-label={t('staff.title')}>
        <li className={styles.row}>
          <span className={styles.who}>
            <span className={styles.name}>
              <bdi>{t('staff.you', { name: data.owner.name })}</bdi>
              <Badge>{t('staff.role.owner')}</Badge>
            </span>
            <bdi className={styles.muted}>{data.owner.email}</bdi>
          </span>
        </li>
        {data.members.map((member) => {
          const to = otherRole(member.role);
          return (
            <li key={member.userId} className={styles.row} aria-label={member.name}>
              <span className={styles.who}>
                <span className={styles.name}>
                  <bdi>{member.name}</bdi>
                  <Badge tone="secondary">{t(ROLE_LABELS[member.role])}</Badge>
                </span>
                <bdi className={styles.muted}>{member.email}</bdi>
                <span className={styles.muted}>
                  {member.lastActiveAt ? t('staff.lastActive', { date: formatDate(member.lastActiveAt, language, 'dateTime') }) : t('staff.neverActive')}
                </span>
              </span>
              <span className={styles.actions}>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    void act(
                      { message: t('staff.changeRoleConfirm', { name: member.name, role: t(ROLE_LABELS[to]) }), confirmLabel: t('staff.changeRole') },
                      () => changeRole.mutateAsync({ userId: member.userId, role: to }),
                      t('staff.roleChanged'),
                    )
                  }
                >
                  {t('staff.changeRole')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    void act(
                      { message: t('staff.removeConfirm', { name: member.name }), confirmLabel: t('staff.remove'), destructive: true },
                      () => remove.mutateAsync({ userId: member.userId }),
                      t('staff.removed'),
                    )
                  }
                >
                  {t('staff.remove')}
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
      {data.members.length === 0 && <p className={styles.muted}>{t('staff.empty')}</p>}
      {data.invitations.length > 0 && (
        <>
          <h3>{t('staff.invitationsTitle')}</h3>
          <ul className={styles.list} aria-label={t('staff.invitationsTitle')}>
            {data.invitations.map((invitation) => (
              <li key={invitation.id} className={styles.row}>
                <span className={styles.who}>
                  <span className={styles.name}>
                    <bdi>{invitation.email}</bdi>
                    <Badge tone="secondary">{t(ROLE_LABELS[invitation.role])}</Badge>
                  </span>
                  <span className={styles.muted}>{t('staff.expires', { date: formatDate(invitation.expiresAt, language, 'dateTime') })}</span>
                </span>
                <span className={styles.actions}>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      void act(
                        { message: t('staff.revokeConfirm', { email: invitation.email }), confirmLabel: t('staff.remove'), destructive: true },
                        () => revoke.mutateAsync({ id: invitation.id }),
                        t('staff.revoked'),
                      )
                    }
                  >
                    {t('staff.remove')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
