import { MessageCircle, Pencil, Plus, ReceiptText, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { formatDay } from '../../../shared/cash';
import { formatDate } from '../../../shared/i18n/intl';
import { Amount } from '../../components/ui/amount';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Tabs } from '../../components/ui/tabs';
import { BackToDashboard } from '../../features/admin/admin-nav';
import * as styles from '../../features/billing/billing.css';
import { BalancesPanel } from '../../features/billing/commission-balances';
import { PlanDialog, type PlanView } from '../../features/billing/plan-dialog';
import { RecordPaymentDialog } from '../../features/billing/record-payment-dialog';
import { UndoPaymentDialog } from '../../features/billing/undo-payment-dialog';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';

type AdminBilling = inferRouterOutputs<AppRouter>['billing']['admin'];
const TABS = ['plans', 'payments', 'ending', 'balances'] as const;
type Tab = (typeof TABS)[number];

/** The tab a link names (the dashboard's "Needs attention": ?tab=ending, ?tab=balances), else Plans. */
function tabOf(search: string): Tab {
  const named = new URLSearchParams(search).get('tab');
  return TABS.find((tab) => tab === named) ?? 'plans';
}

function PlansPanel({ plans }: { plans: AdminBilling['plans'] }) {
  const t = useT(billing);
  const [editing, setEditing] = useState<PlanView | null | 'new'>(null);
  return (
    <Card as="section" className={styles.section} aria-label={t('billing.tabs.plans')}>
      <div className={styles.toolbar}>
        <Button onClick={() => setEditing('new')}>
          <Plus size={16} aria-hidden="true" /> {t('billing.plan.new')}
        </Button>
      </div>
      {plans.length === 0 ? (
        <p>{t('billing.plan.none')}</p>
      ) : (
        <ul className={styles.rows}>
          {plans.map((plan) => (
            <li key={plan.id} className={styles.planRow}>
              <span className={styles.rowMain}>
                <strong>
                  <bdi>{plan.name}</bdi>
                </strong>
                <span className={styles.note}>{t('billing.plans.months', { count: plan.months })}</span>
              </span>
              <Badge tone={plan.isActive ? 'success' : 'secondary'}>{t(plan.isActive ? 'billing.plan.active' : 'billing.plan.inactive')}</Badge>
              <span className={styles.amount}>
                <Amount minor={plan.price} currency={plan.currency} />
              </span>
              <Button size="sm" variant="outline" onClick={() => setEditing(plan)} aria-label={`${t('billing.plan.edit')} ${plan.name}`}>
                <Pencil size={14} aria-hidden="true" /> {t('billing.plan.edit')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <PlanDialog open={editing !== null} onClose={() => setEditing(null)} plan={editing === 'new' ? null : editing} defaultCurrency={plans[0]?.currency ?? 'PKR'} />
    </Card>
  );
}

function PaymentsPanel({ payments }: { payments: AdminBilling['payments'] }) {
  const t = useT(billing);
  const language = useLanguage();
  const [recording, setRecording] = useState(false);
  const [undoing, setUndoing] = useState<{ id: number; months: number } | null>(null);
  return (
    <Card as="section" className={styles.section} aria-label={t('billing.tabs.payments')}>
      <div className={styles.toolbar}>
        <Button onClick={() => setRecording(true)}>
          <Wallet size={16} aria-hidden="true" /> {t('billing.record.button')}
        </Button>
      </div>
      {payments.length === 0 ? (
        <EmptyState icon={<ReceiptText size={28} />} title={t('billing.payments.adminNone')} />
      ) : (
        <ul className={styles.rows}>
          {payments.map((p) => (
            <li key={p.id} className={styles.row}>
              <span className={styles.rowMain}>
                <strong className={p.undoneAt ? styles.undone : undefined}>
                  <bdi>{p.shopName}</bdi>
                </strong>
                <span className={styles.note}>
                  {p.planName ?? t('billing.payments.custom')} · {t('billing.plans.months', { count: p.months })} · {t('billing.payments.paidOn', { date: formatDay(p.paidOn, language) })}
                  {p.reference && <> · {t('billing.payments.reference', { reference: p.reference })}</>}
                </span>
                {p.undoneAt ? (
                  <span className={styles.undoneNote}>{t('billing.payments.undone', { reason: p.undoReason ?? '' })}</span>
                ) : (
                  <span className={styles.note}>{t('billing.payments.until', { date: formatDate(p.proUntil, language, 'date') })}</span>
                )}
              </span>
              <span className={styles.actions}>
                <span className={`${styles.amount} ${p.undoneAt ? styles.undone : ''}`}>
                  <Amount minor={p.amount} currency={p.currency} />
                </span>
                {!p.undoneAt && (
                  <Button size="sm" variant="ghost" onClick={() => setUndoing({ id: p.id, months: p.months })}>
                    {t('billing.undo.button')}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <RecordPaymentDialog open={recording} onClose={() => setRecording(false)} shop={null} />
      <UndoPaymentDialog payment={undoing} onClose={() => setUndoing(null)} />
    </Card>
  );
}

function EndingPanel({ shops }: { shops: AdminBilling['endingThisWeek'] }) {
  const t = useT(billing);
  const language = useLanguage();
  return (
    <Card as="section" className={styles.section} aria-label={t('billing.tabs.ending')}>
      {shops.length === 0 ? (
        <p>{t('billing.ending.none')}</p>
      ) : (
        <ul className={styles.rows}>
          {shops.map((s) => (
            <li key={s.shopId} className={styles.planRow}>
              <span className={styles.rowMain}>
                <strong>
                  <bdi>{s.shopName}</bdi>
                </strong>
                <span className={styles.note}>{t('billing.ending.on', { date: formatDate(s.proUntil, language, 'date') })}</span>
              </span>
              {s.remindUrl && (
                <ButtonLink href={s.remindUrl} external variant="whatsapp" size="sm">
                  <MessageCircle size={16} aria-hidden="true" /> {t('billing.ending.remind')}
                </ButtonLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /admin/billing (issue 48): the Pro plans the operator sells, the payments shops made, and the commission each shop owes. */
export default function AdminBillingPage() {
  const t = useT(billing);
  const language = useLanguage();
  const [tab, setTab] = useState<Tab>(tabOf(useSearch()));
  const query = trpc.billing.admin.useQuery();
  return (
    <Page title={t('billing.admin.title')} subtitle={t('billing.admin.subtitle')} actions={<BackToDashboard />}>
      {query.isPending ? (
        <PageSkeleton label={t('billing.loading')} />
      ) : query.error || !query.data ? (
        <Card role="alert">{errorMessage(query.error, t('billing.loadFailed'), language)}</Card>
      ) : (
        <Tabs
          label={t('billing.tabs.label')}
          value={tab}
          onChange={setTab}
          items={[
            { value: 'plans', label: t('billing.tabs.plans'), panel: <PlansPanel plans={query.data.plans} /> },
            { value: 'payments', label: t('billing.tabs.payments'), panel: <PaymentsPanel payments={query.data.payments} /> },
            { value: 'ending', label: t('billing.tabs.ending'), panel: <EndingPanel shops={query.data.endingThisWeek} /> },
            { value: 'balances', label: t('billing.tabs.balances'), panel: <BalancesPanel /> },
          ]}
        />
      )}
    </Page>
  );
}
