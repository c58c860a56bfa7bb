import { AlertTriangle, ClipboardList, Clock, DollarSign, Package, Plus, Settings, ShoppingBag } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'wouter';
import { LOW_STOCK_BELOW } from '../../../shared/constants';
import { formatMoney } from '../../../shared/money';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { PageSkeleton, Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../session';
import * as styles from '../../features/shop/dashboard.css';
import { TrialGate, useTrialExpired } from '../../features/shop/trial-expired-dialog';
import { useNewOrderAlerts } from '../../features/shop/use-new-order-alerts';
import { useTrialStart } from '../../features/shop/use-trial-start';
import { errorMessage, trpc } from '../../trpc';

const OrdersChart = lazy(() => import('../../features/shop/orders-chart'));

function Stat({ icon, label, value, note, wide = false }: { icon: ReactNode; label: string; value: ReactNode; note?: ReactNode; wide?: boolean }) {
  return (
    <Card padded={false} className={[styles.stat, wide ? styles.statWide : ''].join(' ')}>
      <span className={styles.statLabel}>
        {icon}
        {label}
      </span>
      <span className={styles.statValue}>{value}</span>
      {note && <span className={styles.statNote}>{note}</span>}
    </Card>
  );
}

function LinkCard({ href, icon, title, text }: { href: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Card padded={false} interactive>
      <Link href={href} className={styles.linkCard}>
        <span className={styles.linkIcon} aria-hidden="true">
          {icon}
        </span>
        <span>
          <span className={styles.linkTitle}>{title}</span>
          <br />
          <span className={styles.linkText}>{text}</span>
        </span>
      </Link>
    </Card>
  );
}

export default function ShopDashboardPage() {
  const { user } = useSession();
  const dashboard = trpc.shops.dashboard.useQuery();
  const data = dashboard.data;
  const { expired: trialExpired } = useTrialExpired(Boolean(data?.trialExpired));
  useTrialStart(Boolean(data?.trialNotStarted));
  useNewOrderAlerts(!trialExpired);

  const currency = data?.shop.currency ?? 'USD';
  const revenue = data
    ? data.revenue.length === 0
      ? formatMoney(0, currency)
      : data.revenue.map((r) => formatMoney(r.total, r.currency)).join(' + ')
    : null;
  // The chart draws a line per currency the stats show; a shop without revenue yet shows its own.
  const chartCurrencies = data && data.revenue.length > 0 ? data.revenue.map((r) => r.currency) : [currency];
  const last30 = data?.series.reduce((sum, d) => sum + d.orders, 0) ?? 0;

  return (
    <Page
      title={data?.shop.name ?? user?.shop?.name ?? 'Dashboard'}
      subtitle="Your shop at a glance."
      actions={
        <ButtonLink href="/shop/products/create">
          <Plus size={18} aria-hidden="true" /> Add Product
        </ButtonLink>
      }
    >
      <TrialGate serverSaysExpired={Boolean(data?.trialExpired)} />
      {dashboard.isPending ? (
        <PageSkeleton label="Loading dashboard..." />
      ) : dashboard.error ? (
        <Card role="alert">{errorMessage(dashboard.error)}</Card>
      ) : (
        data && (
          <>
            {data.shop.hiddenByAdmin ? (
              <Card role="status">
                <strong>Hidden by an administrator.</strong> Buyers cannot see your shop or its products until an administrator restores it.
              </Card>
            ) : (
              !data.shop.isActive && (
                <Card role="status">
                  <strong>Your shop is inactive.</strong> Buyers cannot see it right now.
                </Card>
              )
            )}
            <section aria-label="Shop statistics" className={styles.stats}>
              <Stat icon={<DollarSign size={16} aria-hidden="true" />} label="Revenue" value={revenue} note="Order totals with delivery; cancelled orders excluded" wide />
              <Stat icon={<ShoppingBag size={16} aria-hidden="true" />} label="Total Orders" value={data.orders} />
              <Stat icon={<Package size={16} aria-hidden="true" />} label="Products" value={data.products} />
              <Stat
                icon={<AlertTriangle size={16} aria-hidden="true" />}
                label="Low Stock"
                value={data.lowStock}
                note={data.outOfStock > 0 ? `${data.outOfStock} out of stock` : `Fewer than ${LOW_STOCK_BELOW} left`}
              />
              <Stat icon={<Clock size={16} aria-hidden="true" />} label="Pending Orders" value={data.pendingOrders} />
            </section>
            <Card as="section" aria-labelledby="chart-heading">
              <CardHeader
                id="chart-heading"
                title="Last 30 days"
                description={`${last30} orders. Bars: orders per day; ${chartCurrencies.length > 1 ? 'lines' : 'line'}: revenue (${chartCurrencies.join(', ')}).`}
              />
              <Suspense fallback={<Skeleton height={260} />}>
                <OrdersChart series={data.series} currencies={chartCurrencies} />
              </Suspense>
            </Card>
            <nav aria-label="Manage shop" className={styles.links}>
              <LinkCard href="/shop/products" icon={<Package size={22} />} title="Products" text="Add, edit and remove products" />
              <LinkCard href="/shop/orders" icon={<ClipboardList size={22} />} title="Orders" text="Confirm, ship and deliver orders" />
              <LinkCard href="/shop/settings" icon={<Settings size={22} />} title="Settings" text="Name, contacts, logo and images" />
            </nav>
          </>
        )
      )}
    </Page>
  );
}
