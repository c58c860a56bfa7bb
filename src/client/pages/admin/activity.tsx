import type { inferRouterOutputs } from '@trpc/server';
import { History } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { formatDate } from '../../../shared/i18n/intl';
import { ACTIVITY_KINDS, type ActivityKind } from '../../../shared/schemas/activity';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { SelectField, TextField } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { BackToDashboard } from '../../features/admin/admin-nav';
import * as styles from '../../features/admin/activity.css';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';

type Entry = inferRouterOutputs<AppRouter>['activity']['list']['items'][number];
type AdminKey = keyof typeof admin;

const KIND_LABELS: Record<ActivityKind, AdminKey> = {
  shop: 'admin.activity.kind.shop',
  product: 'admin.activity.kind.product',
  slider: 'admin.activity.kind.slider',
  user: 'admin.activity.kind.user',
  order: 'admin.activity.kind.order',
  cash: 'admin.activity.kind.cash',
  coupon: 'admin.activity.kind.coupon',
  blocked_number: 'admin.activity.kind.blocked_number',
  import: 'admin.activity.kind.import',
  staff: 'admin.activity.kind.staff',
  review: 'admin.activity.kind.review',
  report: 'admin.activity.kind.report',
  settings: 'admin.activity.kind.settings',
  page: 'admin.activity.kind.page',
  payment: 'admin.activity.kind.payment',
};

const ROLE_LABELS: Record<Entry['actor']['role'], AdminKey> = {
  admin: 'admin.activity.role.admin',
  owner: 'admin.activity.role.owner',
  staff: 'admin.activity.role.staff',
  buyer: 'admin.activity.role.buyer',
  system: 'admin.activity.role.system',
};

/** What each recorded action reads as; an action the screen does not know yet shows as recorded. */
const ACTION_LABELS: Record<string, AdminKey> = {
  'shop.activated': 'admin.activity.action.shop.activated',
  'shop.deactivated': 'admin.activity.action.shop.deactivated',
  'shop.deleted': 'admin.activity.action.shop.deleted',
  'product.activated': 'admin.activity.action.product.activated',
  'product.deactivated': 'admin.activity.action.product.deactivated',
  'product.deleted': 'admin.activity.action.product.deleted',
  'slider.activated': 'admin.activity.action.slider.activated',
  'slider.deactivated': 'admin.activity.action.slider.deactivated',
  'slider.deleted': 'admin.activity.action.slider.deleted',
  'user.pro_enabled': 'admin.activity.action.user.pro_enabled',
  'plan.created': 'admin.activity.action.plan.created',
  'plan.updated': 'admin.activity.action.plan.updated',
  'payment.recorded': 'admin.activity.action.payment.recorded',
  'payment.undone': 'admin.activity.action.payment.undone',
  'payment.commission_recorded': 'admin.activity.action.payment.commission_recorded',
  'shop.commission_rate_set': 'admin.activity.action.shop.commission_rate_set',
  'user.pro_disabled': 'admin.activity.action.user.pro_disabled',
  'user.admin_granted': 'admin.activity.action.user.admin_granted',
  'user.admin_removed': 'admin.activity.action.user.admin_removed',
  'user.reset_link_issued': 'admin.activity.action.user.reset_link_issued',
  'page.created': 'admin.activity.action.page.created',
  'page.updated': 'admin.activity.action.page.updated',
  'page.published': 'admin.activity.action.page.published',
  'page.unpublished': 'admin.activity.action.page.unpublished',
  'page.deleted': 'admin.activity.action.page.deleted',
  'staff.invited': 'admin.activity.action.staff.invited',
  'staff.joined': 'admin.activity.action.staff.joined',
  'staff.role_changed': 'admin.activity.action.staff.role_changed',
  'staff.removed': 'admin.activity.action.staff.removed',
  'staff.invitation_revoked': 'admin.activity.action.staff.invitation_revoked',
  'settings.saved': 'admin.activity.action.settings.saved',
  'settings.announcement_saved': 'admin.activity.action.settings.announcement_saved',
  'settings.logo_changed': 'admin.activity.action.settings.logo_changed',
  'settings.logo_removed': 'admin.activity.action.settings.logo_removed',
  'user.suspended': 'admin.activity.action.user.suspended',
  'user.unsuspended': 'admin.activity.action.user.unsuspended',
  'review.hidden': 'admin.activity.action.review.hidden',
  'order.status_changed': 'admin.activity.action.order.status_changed',
  'cash.received': 'admin.activity.action.cash.received',
  'cash.undone': 'admin.activity.action.cash.undone',
  'blocked_number.added': 'admin.activity.action.blocked_number.added',
  'blocked_number.removed': 'admin.activity.action.blocked_number.removed',
  'coupon.created': 'admin.activity.action.coupon.created',
  'coupon.updated': 'admin.activity.action.coupon.updated',
  'coupon.deleted': 'admin.activity.action.coupon.deleted',
  'import.applied': 'admin.activity.action.import.applied',
  'settings.billing_saved': 'admin.activity.action.settings.billing_saved',
  'review.shown': 'admin.activity.action.review.shown',
  'report.resolved': 'admin.activity.action.report.resolved',
};

interface Filters {
  who: string;
  kind: ActivityKind | '';
  thing: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { who: '', kind: '', thing: '', from: '', to: '' };

function EntryCard({ entry }: { entry: Entry }) {
  const t = useT(admin);
  const language = useLanguage();
  const label = ACTION_LABELS[entry.action];
  return (
    <Card as="article" className={styles.entry} aria-label={label ? t(label) : entry.action}>
      <div className={styles.head}>
        <strong>{label ? t(label) : <bdi>{entry.action}</bdi>}</strong>
        <time dateTime={entry.at} className={styles.when}>
          {formatDate(entry.at, language, 'dateTime')}
        </time>
      </div>
      <p className={styles.line}>
        <bdi dir="auto">{entry.subject.label ?? `${entry.subject.type} ${entry.subject.id}`}</bdi>
      </p>
      <p className={styles.by}>{t('admin.activity.by', { name: entry.actor.name, role: t(ROLE_LABELS[entry.actor.role]) })}</p>
      {entry.changes.length > 0 && (
        <ul className={styles.changes} aria-label={t('admin.activity.changes')}>
          {entry.changes.map((c) => (
            <li key={c.field}>
              <bdi>{t('admin.activity.change', { field: c.field, before: c.before || '–', after: c.after || '–' })}</bdi>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /admin/activity: the activity log newest first, filtered by who, kind, thing and days; read-only. */
export default function AdminActivityPage() {
  const t = useT(admin);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const input = { who: filters.who, thing: filters.thing, kind: filters.kind || null, from: filters.from || null, to: filters.to || null };
  const found = trpc.activity.list.useInfiniteQuery(input, { getNextPageParam: (last) => last.nextCursor, retry: false });
  const entries = found.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (key: keyof Filters) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((d) => ({ ...d, [key]: value }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters({ ...draft, who: draft.who.trim(), thing: draft.thing.trim() });
  }

  return (
    <Page title={t('admin.activity.title')} subtitle={t('admin.activity.subtitle')} actions={<BackToDashboard />}>
      <form className={styles.filters} aria-label={t('admin.activity.filters')} onSubmit={onSubmit} noValidate>
        <TextField label={t('admin.activity.who')} placeholder={t('admin.activity.whoPlaceholder')} value={draft.who} onChange={set('who')} maxLength={100} dir="auto" autoComplete="off" />
        <SelectField label={t('admin.activity.kind')} value={draft.kind} onChange={set('kind')}>
          <option value="">{t('admin.activity.anyKind')}</option>
          {ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_LABELS[kind])}
            </option>
          ))}
        </SelectField>
        <TextField label={t('admin.activity.thing')} placeholder={t('admin.activity.thingPlaceholder')} value={draft.thing} onChange={set('thing')} maxLength={100} dir="auto" autoComplete="off" />
        <TextField label={t('admin.activity.from')} type="date" value={draft.from} onChange={set('from')} />
        <TextField label={t('admin.activity.to')} type="date" value={draft.to} onChange={set('to')} />
        <Button type="submit">{t('admin.activity.apply')}</Button>
      </form>
      {found.isPending ? (
        <PageSkeleton label={t('admin.activity.loading')} />
      ) : found.error ? (
        <EmptyState title={t('admin.activity.failed')}>
          <p role="alert">{errorMessage(found.error)}</p>
        </EmptyState>
      ) : entries.length === 0 ? (
        <EmptyState icon={<History size={32} />} title={t('admin.activity.empty')} />
      ) : (
        <>
          <ul className={styles.list} aria-label={t('admin.activity.results')}>
            {entries.map((entry) => (
              <li key={entry.id}>
                <EntryCard entry={entry} />
              </li>
            ))}
          </ul>
          <LoadMore hasMore={Boolean(found.hasNextPage)} loading={found.isFetchingNextPage} onLoadMore={() => void found.fetchNextPage()} />
        </>
      )}
    </Page>
  );
}
