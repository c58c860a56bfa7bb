import { AlertTriangle, Banknote, ClipboardList, Clock, DollarSign, Package, Plus, Settings, ShoppingBag, Store, TicketPercent, Undo2, Users } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { LOW_STOCK_BELOW } from '../../../shared/constants';
import { formatPercent } from '../../../shared/i18n/intl';
import { formatNumber } from '../../../shared/i18n/numbers';
import { Amount } from '../../components/ui/amount';
import * as amountStyles from '../../components/ui/amount.css';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { PageSkeleton, Skeleton } from '../../components/ui/skeleton';
import shopTexts from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { useSession } from '../../session';
import { CouponStats } from '../../features/shop/coupon-stats';
import * as styles from '../../features/shop/dashboard.css';
import { PlanBanner } from '../../features/billing/plan-banner';
import { TrialGate, useTrialExpired } from '../../features/shop/trial-expired-dialog';
import { LinkCard, LinkCards } from '../../features/shop/link-card';
import { useNewOrderAlerts } from '../../features/shop/use-new-order-alerts';
import { useTrialStart } from '../../features/shop/use-trial-start';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';

const OrdersChart = lazy(() => import('../../features/shop/orders-chart'));

function Stat({ icon, label, value, note, wide = false, money = false }: { icon: ReactNode; label: string; value: ReactNode; note?: ReactNode; wide?: boolean; money?: boolean }) {
  return (
    <Card padded={false} className={[styles.stat, wide ? styles.statWide : '', amountStyles.figureCard].join(' ')}>
      <span className={styles.statLabel}>
        {icon}
        {label}
      </span>
      <span className={money ? amountStyles.figure : styles.statValue}>{value}</span>
      {note && <span className={styles.statNote}>{note}</span>}
    </Card>
  );
}

export default function ShopDashboardPage() {
  const { user } = useSession();
  const t = useT(shopTexts);
  const language = useLanguage();
  const dashboard = trpc.shops.dashboard.useQuery();
  const data = dashboard.data;
  const { expired: trialExpired } = useTrialExpired(Boolean(data?.trialExpired));
  useTrialStart(Boolean(data?.trialNotStarted));
  useNewOrderAlerts(!trialExpired);

  const currency = data?.shop.currency ?? 'USD';
  // Each amount reads left to right on its own; the " + " between them follows the page.
  const revenue = data
    ? data.revenue.length === 0
      ? <Amount minor={0} currency={currency} />
      : data.revenue.map((r, i) => (
          <span key={r.currency}>
            {i > 0 && ' + '}
            <Amount minor={r.total} currency={r.currency} />
          </span>
        ))
    : null;
  // The chart draws a line per currency the stats show; a shop without revenue yet shows its own.
  const chartCurrencies = data && data.revenue.length > 0 ? data.revenue.map((r) => r.currency) : [currency];
  const shopName = data?.shop.name ?? user?.shop?.name;
  const last30 = data?.series.reduce((sum, d) => sum + d.orders, 0) ?? 0;

  return (
    <Page
      title={shopName ? <span dir="auto">{shopName}</span> : t('shop.dashboard.title')}
      subtitle={t('shop.dashboard.subtitle')}
      actions={
        <ButtonLink href="/shop/products/create">
          <Plus size={18} aria-hidden="true" /> {t('shop.common.addProduct')}
        </ButtonLink>
      }
    >
      <TrialGate serverSaysExpired={Boolean(data?.trialExpired)} />
      <PlanBanner />
      {dashboard.isPending ? (
        <PageSkeleton label={t('shop.dashboard.loading')} />
      ) : dashboard.error ? (
        <Card role="alert">{errorMessage(dashboard.error)}</Card>
      ) : (
        data && (
          <>
            {data.shop.hiddenByAdmin ? (
              <Card role="status">
                <strong>{t('shop.common.hiddenByAdmin')}</strong>
                {t('shop.dashboard.hiddenByAdmin')}
              </Card>
            ) : (
              !data.shop.isActive && (
                <Card role="status">
                  <strong>{t('shop.dashboard.inactive.strong')}</strong>
                  {t('shop.dashboard.inactive.text')}
                </Card>
              )
            )}
            <section aria-label={t('shop.dashboard.stats')} className={styles.stats}>
              <Stat icon={<DollarSign size={16} aria-hidden="true" />} label={t('shop.dashboard.revenue')} value={revenue} note={t('shop.dashboard.revenueNote')} wide money />
              <Stat icon={<ShoppingBag size={16} aria-hidden="true" />} label={t('shop.dashboard.totalOrders')} value={formatNumber(data.orders, language)} />
              <Stat icon={<Package size={16} aria-hidden="true" />} label={t('shop.dashboard.products')} value={formatNumber(data.products, language)} />
              <Stat
                icon={<AlertTriangle size={16} aria-hidden="true" />}
                label={t('shop.dashboard.lowStock')}
                value={formatNumber(data.lowStock, language)}
                note={data.outOfStock > 0 ? t('shop.dashboard.outOfStock', { count: data.outOfStock }) : t('shop.dashboard.fewerThan', { count: LOW_STOCK_BELOW })}
              />
              <Stat icon={<Clock size={16} aria-hidden="true" />} label={t('shop.dashboard.pendingOrders')} value={formatNumber(data.pendingOrders, language)} />
              <Stat icon={<Users size={16} aria-hidden="true" />} label={t('shop.dashboard.followers')} value={formatNumber(data.followers, language)} note={t('shop.dashboard.followersNote')} />
              <Stat
                icon={<Undo2 size={16} aria-hidden="true" />}
                label={t('shop.dashboard.returnRate')}
                value={data.returns.rate === null ? '–' : formatPercent(data.returns.rate, language)}
                note={
                  data.returns.rate === null
                    ? t('shop.dashboard.returnRateNone')
                    : t('shop.dashboard.returnRateNote', { returned: data.returns.returned, done: data.returns.delivered + data.returns.returned })
                }
              />
            </section>
            <Card as="section" aria-labelledby="chart-heading">
              <CardHeader
                id="chart-heading"
                title={t('shop.dashboard.last30')}
                description={t(chartCurrencies.length > 1 ? 'shop.dashboard.chartLines' : 'shop.dashboard.chartLine', { count: last30, currencies: chartCurrencies.join(', ') })}
              />
              <Suspense fallback={<Skeleton height={260} />}>
                <OrdersChart series={data.series} currencies={chartCurrencies} />
              </Suspense>
            </Card>
            <CouponStats />
            <LinkCards label={t('shop.dashboard.manage')}>
              <LinkCard href="/shop/products" icon={<Package size={22} />} title={t('shop.dashboard.productsLink')} text={t('shop.dashboard.productsText')} />
              <LinkCard href="/shop/orders" icon={<ClipboardList size={22} />} title={t('shop.dashboard.ordersLink')} text={t('shop.dashboard.ordersText')} />
              <LinkCard href="/shop/cash" icon={<Banknote size={22} />} title={t('shop.dashboard.cashLink')} text={t('shop.dashboard.cashText')} />
              <LinkCard href="/shop/coupons" icon={<TicketPercent size={22} />} title={t('shop.dashboard.couponsLink')} text={t('shop.dashboard.couponsText')} />
              <LinkCard href="/shop/settings" icon={<Settings size={22} />} title={t('shop.dashboard.settingsLink')} text={t('shop.dashboard.settingsText')} />
              <LinkCard href="/shop/manage" icon={<Store size={22} />} title={t('shop.dashboard.allLink')} text={t('shop.dashboard.allText')} />
            </LinkCards>
          </>
        )
      )}
    </Page>
  );
}
