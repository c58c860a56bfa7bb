import type { inferRouterOutputs } from '@trpc/server';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AppRouter } from '../../../server/trpc/app-router';
import { formatDate } from '../../../shared/i18n/intl';
import { REPORT_NOTE_MAX, type ReportAction, type ReportReason, type ReportThing } from '../../../shared/reports';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { TextField } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Tabs } from '../../components/ui/tabs';
import { useToast } from '../../components/ui/toast';
import { BackToDashboard } from '../../features/admin/admin-nav';
import * as styles from '../../features/admin/activity.css';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';

type Row = inferRouterOutputs<AppRouter>['reports']['list']['items'][number];
type AdminKey = keyof typeof admin;
type Status = 'open' | 'resolved';

const THING_LABELS: Record<ReportThing, AdminKey> = {
  product: 'admin.reports.thing.product',
  shop: 'admin.reports.thing.shop',
  product_review: 'admin.reports.thing.product_review',
  shop_review: 'admin.reports.thing.shop_review',
};
const REASON_LABELS: Record<ReportReason, AdminKey> = {
  counterfeit: 'admin.reports.reason.counterfeit',
  prohibited: 'admin.reports.reason.prohibited',
  misleading: 'admin.reports.reason.misleading',
  offensive: 'admin.reports.reason.offensive',
  spam: 'admin.reports.reason.spam',
  scam: 'admin.reports.reason.scam',
  other: 'admin.reports.reason.other',
};
const ACTION_LABELS: Record<ReportAction, AdminKey> = {
  hide_product: 'admin.reports.action.hide_product',
  deactivate_shop: 'admin.reports.action.deactivate_shop',
  hide_review: 'admin.reports.action.hide_review',
  dismiss: 'admin.reports.action.dismiss',
};
const RESOLUTION_LABELS: Record<NonNullable<Row['resolution']>, AdminKey> = {
  product_hidden: 'admin.reports.resolution.product_hidden',
  shop_deactivated: 'admin.reports.resolution.shop_deactivated',
  review_hidden: 'admin.reports.resolution.review_hidden',
  dismissed: 'admin.reports.resolution.dismissed',
  deleted: 'admin.reports.resolution.deleted',
};

/** One reported thing: what it is, how many reports and why, the latest details; Open: the actions with an optional note. */
function ReportCard({ row }: { row: Row }) {
  const t = useT(admin);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const resolve = trpc.reports.resolve.useMutation();
  const [note, setNote] = useState('');
  const titleId = `report-${row.thing.type}-${row.thing.id}-${row.resolvedAt ?? 'open'}`;

  async function act(action: ReportAction) {
    try {
      await resolve.mutateAsync({ thing: row.thing, action, note: note.trim() });
      toast.success(t('admin.reports.done'));
      await Promise.all([utils.reports.invalidate(), utils.admin.invalidate()]);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Card as="article" className={styles.entry} aria-labelledby={titleId}>
      <div className={styles.head}>
        <strong id={titleId}>
          {t(THING_LABELS[row.thing.type])}:{' '}
          {row.link ? (
            <Link href={row.link}>
              <bdi dir="auto">{row.name}</bdi>
            </Link>
          ) : (
            t('admin.reports.gone')
          )}
        </strong>
        <time dateTime={row.latestAt} className={styles.when}>
          {formatDate(row.latestAt, language, 'dateTime')}
        </time>
      </div>
      <p className={styles.line}>
        {t('admin.reports.count', { count: row.count })}{' '}
        {row.reasons.map((reason) => (
          <Badge key={reason} tone="warning">
            {t(REASON_LABELS[reason])}
          </Badge>
        ))}
      </p>
      {row.reviewComment && (
        <p className={styles.line}>
          {t('admin.reports.review')} <bdi dir="auto">{row.reviewComment}</bdi>
        </p>
      )}
      {row.latestDetails && (
        <p className={styles.line}>
          {t('admin.reports.latestDetails')} <bdi dir="auto">{row.latestDetails}</bdi>
        </p>
      )}
      {row.resolution ? (
        <p className={styles.by}>
          {t(RESOLUTION_LABELS[row.resolution])}
          {row.resolvedBy && ` · ${t('admin.reports.resolvedBy', { name: row.resolvedBy })}`}
          {row.note && (
            <>
              {' · '}
              <bdi dir="auto">{row.note}</bdi>
            </>
          )}
        </p>
      ) : (
        <div className={styles.filters}>
          <TextField label={t('admin.reports.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={REPORT_NOTE_MAX} dir="auto" autoComplete="off" />
          {row.actions.map((action) => (
            <Button key={action} variant={action === 'dismiss' ? 'outline' : 'danger'} loading={resolve.isPending} onClick={() => void act(action)} aria-describedby={titleId}>
              {t(ACTION_LABELS[action])}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}

function ReportList({ status }: { status: Status }) {
  const t = useT(admin);
  const found = trpc.reports.list.useInfiniteQuery({ status }, { getNextPageParam: (last) => last.nextCursor, retry: false });
  const rows = found.data?.pages.flatMap((p) => p.items) ?? [];
  if (found.isPending) return <PageSkeleton label={t('admin.reports.loading')} />;
  if (found.error) {
    return (
      <EmptyState title={t('admin.reports.failed')}>
        <p role="alert">{errorMessage(found.error)}</p>
      </EmptyState>
    );
  }
  if (rows.length === 0) return <EmptyState icon={<Flag size={32} />} title={status === 'open' ? t('admin.reports.emptyOpen') : t('admin.reports.emptyResolved')} />;
  return (
    <>
      <ul className={styles.list} aria-label={t('admin.reports.results')}>
        {rows.map((row) => (
          <li key={`${row.thing.type}-${row.thing.id}-${row.resolvedAt ?? ''}`}>
            <ReportCard row={row} />
          </li>
        ))}
      </ul>
      <LoadMore hasMore={Boolean(found.hasNextPage)} loading={found.isFetchingNextPage} onLoadMore={() => void found.fetchNextPage()} />
    </>
  );
}

/** /admin/reports: reported things, Open and Resolved; each open one is resolved as a whole. */
export default function AdminReportsPage() {
  const t = useT(admin);
  const [status, setStatus] = useState<Status>('open');
  return (
    <Page title={t('admin.reports.title')} subtitle={t('admin.reports.subtitle')} actions={<BackToDashboard />}>
      <Tabs
        label={t('admin.reports.tabs')}
        value={status}
        onChange={setStatus}
        items={[
          { value: 'open', label: t('admin.reports.open'), panel: status === 'open' && <ReportList status="open" /> },
          { value: 'resolved', label: t('admin.reports.resolved'), panel: status === 'resolved' && <ReportList status="resolved" /> },
        ]}
      />
    </Page>
  );
}
