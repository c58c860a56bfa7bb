import { Banknote } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDay } from '../../../shared/cash';
import { Amount } from '../../components/ui/amount';
import * as amountStyles from '../../components/ui/amount.css';
import { Card, CardHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { OrderNumber } from '../../components/ui/order-number';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import * as styles from '../../features/shop/cash.css';
import { TrialGate } from '../../features/shop/trial-expired-dialog';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';

/** Awaited this many days or more, an order's age stands out: time to ask the courier. */
const LATE_DAYS = 14;

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card padded={false} className={`${styles.figure} ${amountStyles.figureCard}`}>
      <span className={styles.figureLabel}>{label}</span>
      <span className={amountStyles.figure}>{value}</span>
      {note && <span className={styles.figureNote}>{note}</span>}
    </Card>
  );
}

/** /shop/cash: what the couriers owe the shop per currency, what they paid this month and last, and the returns. */
export default function ShopCashPage() {
  const t = useT(shop);
  const language = useLanguage();
  const summary = trpc.shopOrders.cashSummary.useQuery();
  const data = summary.data;
  const money = (minor: number, currency: string) => <Amount minor={minor} currency={currency} />;

  return (
    <Page title={t('shop.cashPage.title')} subtitle={t('shop.cashPage.subtitle')}>
      <TrialGate />
      {summary.isPending ? (
        <PageSkeleton label={t('shop.cashPage.loading')} />
      ) : summary.error ? (
        <Card role="alert">{errorMessage(summary.error, t('shop.cashPage.loadFailed'))}</Card>
      ) : !data || data.currencies.length === 0 ? (
        <EmptyState icon={<Banknote size={32} />} title={t('shop.cashPage.empty')}>
          <p>{t('shop.cashPage.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          {data.currencies.map((c) => (
            <section key={c.currency} aria-label={t('shop.cashPage.inCurrency', { currency: c.currency })} className={styles.figures}>
              <Figure
                label={t('shop.cashPage.awaiting')}
                value={money(c.awaiting.amount, c.currency)}
                note={
                  <>
                    {t('shop.cashPage.orders', { count: c.awaiting.count })}
                    {c.awaiting.oldestDays !== null && <> · {t('shop.cashPage.oldest', { days: c.awaiting.oldestDays })}</>}
                  </>
                }
              />
              <Figure label={t('shop.cashPage.thisMonth')} value={money(c.receivedThisMonth.amount, c.currency)} note={t('shop.cashPage.orders', { count: c.receivedThisMonth.count })} />
              <Figure label={t('shop.cashPage.lastMonth')} value={money(c.receivedLastMonth.amount, c.currency)} note={t('shop.cashPage.orders', { count: c.receivedLastMonth.count })} />
              <Figure label={t('shop.cashPage.returned')} value={money(c.returned.amount, c.currency)} note={t('shop.cashPage.orders', { count: c.returned.count })} />
            </section>
          ))}
          <Card as="section" aria-labelledby="awaiting-heading" className={styles.section}>
            <CardHeader id="awaiting-heading" title={t('shop.cashPage.awaitingList')} description={<Link href="/shop/orders">{t('shop.cashPage.markOnOrders')}</Link>} />
            {data.awaitingByCourier.length === 0 && <p>{t('shop.cashPage.noneAwaiting')}</p>}
            {data.awaitingByCourier.map((group) => (
              <div key={group.courier ?? ''}>
                <h3 className={styles.courier}>{group.courier ?? t('shop.cashPage.noCourier')}</h3>
                <ul className={styles.rows}>
                  {group.orders.map((o) => (
                    <li key={o.id} className={styles.row}>
                      <span className={styles.rowMain}>
                        <OrderNumber value={o.orderNumber} />
                        <span className={styles.rowNote}>
                          <span dir="auto">{o.buyerName}</span>
                          {o.trackingNumber && (
                            <>
                              {' · '}
                              <bdi>{o.trackingNumber}</bdi>
                            </>
                          )}
                          {' · '}
                          <span className={o.ageDays >= LATE_DAYS ? styles.old : undefined}>{t('shop.cashPage.deliveredAgo', { days: o.ageDays })}</span>
                        </span>
                      </span>
                      <span className={styles.amount}>{money(o.total, o.currency)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            {data.awaitingListed < data.currencies.reduce((n, c) => n + c.awaiting.count, 0) && <p className={styles.rowNote}>{t('shop.cashPage.more', { shown: data.awaitingListed })}</p>}
          </Card>
          <Card as="section" aria-labelledby="returned-heading" className={styles.section}>
            <CardHeader id="returned-heading" title={t('shop.cashPage.returnedList')} />
            {data.returnedOrders.length === 0 ? (
              <p>{t('shop.cashPage.noneReturned')}</p>
            ) : (
              <ul className={styles.rows}>
                {data.returnedOrders.map((o) => (
                  <li key={o.id} className={styles.row}>
                    <span className={styles.rowMain}>
                      <OrderNumber value={o.orderNumber} />
                      <span className={styles.rowNote}>
                        <span dir="auto">{o.buyerName}</span>
                        {o.courier && <> · {o.courier}</>}
                        {o.returnedOn && <> · {t('shop.cashPage.returnedOn', { date: formatDay(o.returnedOn, language) })}</>}
                      </span>
                    </span>
                    <span className={styles.amount}>{money(o.total, o.currency)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </Page>
  );
}
