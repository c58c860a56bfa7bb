import { Link } from 'wouter';
import { formatNumber } from '../../../shared/i18n/numbers';
import { Amount } from '../../components/ui/amount';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';
import * as styles from './marketplace-month.css';

/**
 * The admin dashboard's "This month", per currency (delivered sales, orders placed, the return rate,
 * commission earned, payments received), and "Needs attention": trials ended without a plan, plans
 * ending this week, shops owing commission, each with a link (issue 48 part 6).
 */
export function MarketplaceMonth() {
  const t = useT(admin);
  const language = useLanguage();
  const month = trpc.admin.month.useQuery();
  if (month.error) return <p role="alert">{month.error.message}</p>;
  const data = month.data;
  const names = (shops: ReadonlyArray<{ name: string }>) => shops.map((shop) => shop.name).join(', ');
  const attention = data
    ? [
        { key: 'trials', text: t('admin.attention.trialsEnded', { count: data.attention.trialsEnded.count }), shops: data.attention.trialsEnded.shops, href: '/admin/shops', link: t('admin.attention.seeShops'), count: data.attention.trialsEnded.count },
        { key: 'ending', text: t('admin.attention.endingThisWeek', { count: data.attention.endingThisWeek.count }), shops: data.attention.endingThisWeek.shops, href: '/admin/billing?tab=ending', link: t('admin.attention.seeEnding'), count: data.attention.endingThisWeek.count },
        { key: 'owed', text: t('admin.attention.balancesOwed', { count: data.attention.balancesOwed.count }), shops: data.attention.balancesOwed.shops, href: '/admin/billing?tab=balances', link: t('admin.attention.seeBalances'), count: data.attention.balancesOwed.count },
      ].filter((line) => line.count > 0)
    : [];
  return (
    <>
      <section className={styles.section} aria-labelledby="this-month">
        <h2 id="this-month" className={styles.heading}>
          {t('admin.month.title')}
        </h2>
        <p className={styles.description}>{t('admin.month.description')}</p>
        {!data ? (
          <Skeleton height={160} />
        ) : data.currencies.length === 0 ? (
          <p className={styles.description}>{t('admin.month.none')}</p>
        ) : (
          <ul className={styles.currencies}>
            {data.currencies.map((c) => (
              <Card as="li" key={c.currency} padded={false} className={styles.currency} aria-label={c.currency}>
                <h3 className={styles.currencyName}>
                  {/* A currency code is data, read left to right in Urdu too. */}
                  <bdi>{c.currency}</bdi>
                </h3>
                <dl className={styles.figures}>
                  <div className={styles.figure}>
                    <dt className={styles.label}>{t('admin.month.deliveredSales')}</dt>
                    <dd className={styles.value}>
                      <Amount minor={c.deliveredSales} currency={c.currency} />
                      <span className={styles.note}> {t('admin.month.deliveredOrders', { count: c.deliveredOrders })}</span>
                    </dd>
                  </div>
                  <div className={styles.figure}>
                    <dt className={styles.label}>{t('admin.month.ordersPlaced')}</dt>
                    <dd className={styles.value}>{formatNumber(c.ordersPlaced, language)}</dd>
                  </div>
                  <div className={styles.figure}>
                    <dt className={styles.label}>{t('admin.month.returnRate')}</dt>
                    <dd className={styles.value}>
                      {c.returnRate === null ? (
                        t('admin.month.returnRateNone')
                      ) : (
                        // A percentage reads left to right in Urdu too ("12.5%", not "%12.5").
                        <bdi dir="ltr">{t('admin.month.percent', { value: formatNumber(Math.round(c.returnRate * 1000) / 10, language) })}</bdi>
                      )}
                    </dd>
                  </div>
                  <div className={styles.figure}>
                    <dt className={styles.label}>{t('admin.month.commissionEarned')}</dt>
                    <dd className={styles.value}>
                      <Amount minor={c.commissionEarned} currency={c.currency} />
                    </dd>
                  </div>
                  <div className={styles.figure}>
                    <dt className={styles.label}>{t('admin.month.paymentsReceived')}</dt>
                    <dd className={styles.value}>
                      <Amount minor={c.paymentsReceived} currency={c.currency} />
                    </dd>
                  </div>
                </dl>
              </Card>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="needs-attention">
        <h2 id="needs-attention" className={styles.heading}>
          {t('admin.attention.title')}
        </h2>
        {!data ? (
          <Skeleton height={80} />
        ) : attention.length === 0 ? (
          <p className={styles.description}>{t('admin.attention.nothing')}</p>
        ) : (
          <ul className={styles.attention}>
            {attention.map((line) => (
              <Card as="li" key={line.key} padded={false} className={styles.attentionItem}>
                <span className={styles.attentionLine}>
                  <strong>{line.text}</strong>
                  <Link href={line.href} className={styles.link}>
                    {line.link}
                  </Link>
                </span>
                <p className={styles.attentionNames} dir="auto">
                  {names(line.shops)}
                </p>
              </Card>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
