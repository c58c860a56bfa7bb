import type { inferRouterOutputs } from '@trpc/server';
import { ReceiptText, Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { formatDay } from '../../../shared/cash';
import { formatMoney } from '../../../shared/money';
import { Amount } from '../../components/ui/amount';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { TextField } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './billing.css';
import { CommissionStatement } from './commission-statement';

type Balance = inferRouterOutputs<AppRouter>['commission']['balances'][number];

/** "Record commission payment" (issue 48): Amount, Date and Reference; the server refuses more than the balance. */
function CommissionPaymentDialog({ balance, onClose }: { balance: Balance | null; onClose: () => void }) {
  const t = useT(billing);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const options = trpc.billing.plans.useQuery(undefined, { enabled: balance !== null });
  const record = trpc.commission.recordPayment.useMutation();
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState('');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const today = options.data?.today ?? '';
  const day = paidOn || today;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!balance) return;
    setProblem(null);
    try {
      await record.mutateAsync({ shopId: balance.shopId, amount, paidOn: day, reference });
      toast.success(t('billing.commission.saved'));
      await utils.commission.invalidate();
      setAmount('');
      setReference('');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, undefined, language));
    }
  }

  return (
    <Dialog
      open={balance !== null}
      onClose={onClose}
      title={t('billing.commission.record')}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('billing.common.cancel')}
          </Button>
          <Button type="submit" form="commission-payment" loading={record.isPending}>
            {t('billing.commission.record')}
          </Button>
        </>
      }
    >
      <form id="commission-payment" className={styles.form} onSubmit={onSubmit} noValidate>
        {balance && (
          <p>
            <bdi dir="auto">{t('billing.commission.owes', { shop: balance.shopName, amount: formatMoney(balance.balance, balance.currency, language) })}</bdi>
          </p>
        )}
        <div className={styles.twoFields}>
          <TextField label={t('billing.commission.amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} required />
          <TextField label={t('billing.record.date')} type="date" value={day} max={today} onChange={(e) => setPaidOn(e.currentTarget.value)} required />
        </div>
        <TextField label={t('billing.record.reference')} value={reference} maxLength={60} onChange={(e) => setReference(e.currentTarget.value)} hint={t('billing.record.referenceHint')} />
        {problem && (
          <p role="alert" className={styles.undoneNote}>
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}

function AdminStatement({ shopId }: { shopId: number }) {
  const query = trpc.commission.statement.useQuery({ shopId });
  return query.data ? <CommissionStatement statement={query.data} /> : <Skeleton height={80} />;
}

/** /admin/billing "Balances" (issue 48): every shop that owes or has paid, with its statement and a payment. */
export function BalancesPanel() {
  const t = useT(billing);
  const language = useLanguage();
  const query = trpc.commission.balances.useQuery();
  const [paying, setPaying] = useState<Balance | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card as="section" className={styles.section} aria-label={t('billing.tabs.balances')}>
      {!query.data ? (
        <Skeleton height={120} />
      ) : query.data.length === 0 ? (
        <EmptyState icon={<ReceiptText size={28} />} title={t('billing.balances.none')} />
      ) : (
        <ul className={styles.rows}>
          {query.data.map((b) => {
            const key = `${b.shopId}-${b.currency}`;
            return (
              <li key={key} className={styles.balanceRow} data-testid="commission-balance-row">
                <div className={styles.balanceHead}>
                  <span className={styles.rowMain}>
                    <strong>
                      <bdi dir="auto">{b.shopName}</bdi>
                    </strong>
                    <span className={styles.note}>
                      {t('billing.balances.orders', { count: b.deliveredOrders })} ·{' '}
                      {b.lastPaidOn ? t('billing.balances.lastPaid', { date: formatDay(b.lastPaidOn, language) }) : t('billing.balances.neverPaid')}
                    </span>
                  </span>
                  <span className={styles.amount}>
                    <Amount minor={b.balance} currency={b.currency} />
                  </span>
                </div>
                <span className={styles.actions}>
                  <Button size="sm" onClick={() => setPaying(b)} disabled={b.balance <= 0}>
                    <Wallet size={14} aria-hidden="true" /> {t('billing.commission.record')}
                  </Button>
                  <Button size="sm" variant="outline" aria-expanded={open === key} onClick={() => setOpen(open === key ? null : key)}>
                    {t(open === key ? 'billing.balances.hideStatement' : 'billing.balances.statement')}
                  </Button>
                </span>
                {open === key && <AdminStatement shopId={b.shopId} />}
              </li>
            );
          })}
        </ul>
      )}
      <CommissionPaymentDialog balance={paying} onClose={() => setPaying(null)} />
    </Card>
  );
}
