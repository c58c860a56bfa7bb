import { BadgeCheck, MessageCircle, ReceiptText } from 'lucide-react';
import { formatDay } from '../../../shared/cash';
import { Amount } from '../../components/ui/amount';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import * as styles from '../../features/billing/billing.css';
import { CommissionStatement, DownloadStatementButton } from '../../features/billing/commission-statement';
import { usePlanState, usePlanStatusText } from '../../features/billing/plan-status';
import { TrialGate } from '../../features/shop/trial-expired-dialog';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';

type ShopBilling = inferRouterOutputs<AppRouter>['billing']['mine'];

function Status({ account }: { account: ShopBilling['account'] }) {
  const t = useT(billing);
  const state = usePlanState(account, account);
  const text = usePlanStatusText(state);
  const tone = state.kind === 'pro' ? 'success' : state.kind === 'grace' || state.kind === 'ended' ? 'destructive' : 'secondary';
  return (
    <Card as="section" aria-labelledby="plan-heading" className={styles.section}>
      <CardHeader id="plan-heading" title={t('billing.status.heading')} />
      <p className={styles.status} data-testid="plan-status">
        <BadgeCheck size={20} aria-hidden="true" />
        <Badge tone={tone}>{text}</Badge>
      </p>
    </Card>
  );
}

/** The shop's commission statement (issue 48), shown once the shop owes or has paid commission. */
function StatementCard() {
  const t = useT(billing);
  const query = trpc.commission.mine.useQuery();
  const statement = query.data;
  if (!statement || (statement.months.length === 0 && statement.balance === 0)) return null;
  return (
    <Card as="section" aria-labelledby="statement-heading" className={styles.section}>
      <CardHeader id="statement-heading" title={t('billing.statement.heading')} />
      <div className={styles.toolbar}>
        <DownloadStatementButton />
      </div>
      <CommissionStatement statement={statement} />
    </Card>
  );
}

/** /shop/billing (issue 48): where the shop stands, the plans with "Pay on WhatsApp", its payments, its commission statement. */
export default function ShopBillingPage() {
  const t = useT(billing);
  const language = useLanguage();
  const query = trpc.billing.mine.useQuery();
  const data = query.data;
  return (
    <Page title={t('billing.shop.title')} subtitle={t('billing.shop.subtitle')}>
      <TrialGate />
      {query.isPending ? (
        <PageSkeleton label={t('billing.loading')} />
      ) : query.error || !data ? (
        <Card role="alert">{errorMessage(query.error, t('billing.loadFailed'), language)}</Card>
      ) : (
        <>
          <Status account={data.account} />
          <Card as="section" aria-labelledby="plans-heading" className={styles.section}>
            <CardHeader id="plans-heading" title={t('billing.plans.heading')} />
            {data.plans.length === 0 ? (
              <p>{t('billing.plans.none')}</p>
            ) : (
              <ul className={styles.rows}>
                {data.plans.map((plan) => (
                  <li key={plan.id} className={styles.planRow}>
                    <span className={styles.rowMain}>
                      <strong>
                  <bdi>{plan.name}</bdi>
                </strong>
                      <span className={styles.note}>{t('billing.plans.months', { count: plan.months })}</span>
                    </span>
                    <span className={styles.amount}>
                      <Amount minor={plan.price} currency={plan.currency} />
                    </span>
                    {plan.payUrl && (
                      <ButtonLink href={plan.payUrl} external variant="whatsapp" size="sm">
                        <MessageCircle size={16} aria-hidden="true" /> {t('billing.plans.pay')}
                      </ButtonLink>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <StatementCard />
          <Card as="section" aria-labelledby="payments-heading" className={styles.section}>
            <CardHeader id="payments-heading" title={t('billing.payments.heading')} />
            {data.payments.length === 0 ? (
              <EmptyState icon={<ReceiptText size={28} />} title={t('billing.payments.none')} />
            ) : (
              <ul className={styles.rows}>
                {data.payments.map((p) => (
                  <li key={p.id} className={styles.row}>
                    <span className={styles.rowMain}>
                      <strong className={p.undoneAt ? styles.undone : undefined}>
                        <bdi>{p.planName ?? t('billing.payments.custom')}</bdi> · {t('billing.plans.months', { count: p.months })}
                      </strong>
                      <span className={styles.note}>
                        {t('billing.payments.paidOn', { date: formatDay(p.paidOn, language) })}
                        {p.reference && <> · {t('billing.payments.reference', { reference: p.reference })}</>}
                      </span>
                      {p.undoneAt && <span className={styles.undoneNote}>{t('billing.payments.undone', { reason: p.undoReason ?? '' })}</span>}
                    </span>
                    <span className={`${styles.amount} ${p.undoneAt ? styles.undone : ''}`}>
                      <Amount minor={p.amount} currency={p.currency} />
                    </span>
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
