import { ChevronRight, ClipboardList, FileText, Flag, History, Images, Mail, Package, ReceiptText, Settings, Store, Users } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import * as styles from '../../features/admin/admin.css';
import { directional } from '../../styles/direction.css';
import { formatNumber } from '../../../shared/i18n/numbers';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';
import { MarketplaceMonth } from '../../features/admin/marketplace-month';

/** A card leading to an admin screen: its label and icon, its count when it has one (a skeleton while loading), what to do there. */
function StatCard({ href, label, value, icon, action, counted = true }: { href: string; label: string; value?: number; icon: ReactNode; action: string; counted?: boolean }) {
  const language = useLanguage();
  return (
    <li>
      <Card padded={false} interactive>
        <Link href={href} className={styles.statLink}>
          <span className={styles.statTop}>
            <span className={styles.statLabel}>{label}</span>
            <span className={styles.statIcon} aria-hidden="true">
              {icon}
            </span>
          </span>
          {counted && <span className={styles.statValue}>{value === undefined ? <Skeleton width={56} height={28} /> : formatNumber(value, language)}</span>}
          <span className={styles.statHint}>
            {action}
            <ChevronRight size={14} className={directional} aria-hidden="true" />
          </span>
        </Link>
      </Card>
    </li>
  );
}

/** "Email: not configured" / "Email: working" / "Email: 3 failing" (issue 31): the outbox as the operator needs to know it. */
function EmailLine() {
  const t = useT(admin);
  const status = trpc.admin.emailStatus.useQuery();
  if (!status.data) return null;
  const { configured, failing } = status.data;
  const text = !configured ? t('admin.dashboard.emailOff') : failing > 0 ? t('admin.dashboard.emailFailing', { count: failing }) : t('admin.dashboard.emailWorking');
  return (
    <p className={styles.emailLine}>
      <Mail size={18} aria-hidden="true" />
      <Badge tone={!configured ? 'secondary' : failing > 0 ? 'destructive' : 'success'}>{text}</Badge>
    </p>
  );
}

export default function AdminDashboardPage() {
  const t = useT(admin);
  const stats = trpc.admin.stats.useQuery();
  const reports = trpc.reports.openCount.useQuery();
  return (
    <Page title={t('admin.dashboard.title')} subtitle={t('admin.dashboard.subtitle')}>
      {stats.error && (
        <p role="alert" className={styles.muted}>
          {stats.error.message}
        </p>
      )}
      <ul className={styles.statsGrid} style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('admin.dashboard.totals')}>
        <StatCard href="/admin/shops" label={t('admin.dashboard.shops')} value={stats.data?.shops} icon={<Store size={20} />} action={t('admin.dashboard.shopsAction')} />
        <StatCard href="/admin/products" label={t('admin.dashboard.products')} value={stats.data?.products} icon={<Package size={20} />} action={t('admin.dashboard.productsAction')} />
        <StatCard href="/admin/users" label={t('admin.dashboard.users')} value={stats.data?.users} icon={<Users size={20} />} action={t('admin.dashboard.usersAction')} />
        <StatCard href="/admin/sliders" label={t('admin.dashboard.sliders')} value={stats.data?.activeSliders} icon={<Images size={20} />} action={t('admin.dashboard.slidersAction')} />
        <StatCard
          href="/admin/reports"
          label={reports.data ? t('admin.dashboard.reports', { count: reports.data.open }) : t('admin.dashboard.reportsLoading')}
          icon={<Flag size={20} />}
          action={t('admin.dashboard.reportsAction')}
          counted={false}
        />
        <StatCard href="/admin/orders" label={t('admin.dashboard.orders')} icon={<ClipboardList size={20} />} action={t('admin.dashboard.ordersAction')} counted={false} />
        <StatCard href="/admin/activity" label={t('admin.dashboard.activity')} icon={<History size={20} />} action={t('admin.dashboard.activityAction')} counted={false} />
        <StatCard href="/admin/billing" label={t('admin.dashboard.billing')} icon={<ReceiptText size={20} />} action={t('admin.dashboard.billingAction')} counted={false} />
        <StatCard href="/admin/settings" label={t('admin.dashboard.settings')} icon={<Settings size={20} />} action={t('admin.dashboard.settingsAction')} counted={false} />
        <StatCard href="/admin/pages" label={t('admin.dashboard.pages')} icon={<FileText size={20} />} action={t('admin.dashboard.pagesAction')} counted={false} />
      </ul>
      <EmailLine />
      <MarketplaceMonth />
    </Page>
  );
}
