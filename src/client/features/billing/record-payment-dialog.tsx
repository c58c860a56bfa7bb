import { type FormEvent, useState } from 'react';
import { formatDate } from '../../../shared/i18n/intl';
import { formatMoney, minorToMajorString } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './billing.css';

const CUSTOM = 'custom';

/**
 * "Record payment" (issue 48): Plan (or Custom months), Amount received, Date and Reference, for one
 * shop: the given one (/admin/shops) or one found by name (/admin/billing). The server extends Pro.
 */
export function RecordPaymentDialog({ open, onClose, shop }: { open: boolean; onClose: () => void; shop: { id: number; name: string } | null }) {
  const t = useT(billing);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const options = trpc.billing.plans.useQuery(undefined, { enabled: open });
  const [search, setSearch] = useState('');
  const shops = trpc.admin.shops.useQuery({ search, limit: 20 }, { enabled: open && shop === null });
  const [shopId, setShopId] = useState('');
  const [plan, setPlan] = useState('');
  const [months, setMonths] = useState('1');
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState('');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const record = trpc.billing.recordPayment.useMutation();
  const plans = options.data?.plans ?? [];
  const chosenPlan = plan || (plans[0] ? String(plans[0].id) : CUSTOM);
  const today = options.data?.today ?? '';
  const day = paidOn || today;

  function choosePlan(value: string) {
    setPlan(value);
    const found = plans.find((p) => String(p.id) === value);
    if (found) setAmount(minorToMajorString(found.price, found.currency));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const target = shop?.id ?? Number(shopId);
    if (!target) {
      setProblem(t('billing.record.chooseShop'));
      return;
    }
    try {
      const custom = chosenPlan === CUSTOM;
      const result = await record.mutateAsync({ shopId: target, planId: custom ? null : Number(chosenPlan), months: custom ? months : null, amount, paidOn: day, reference });
      toast.success(t('billing.record.saved', { date: formatDate(result.proUntil, language, 'date') }));
      await utils.billing.invalidate();
      setAmount('');
      setReference('');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, undefined, language));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('billing.record.title')}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('billing.common.cancel')}
          </Button>
          <Button type="submit" form="record-payment" loading={record.isPending}>
            {t('billing.record.button')}
          </Button>
        </>
      }
    >
      <form id="record-payment" className={styles.form} onSubmit={onSubmit} noValidate>
        {shop ? (
          <p>
            <bdi dir="auto">{t('billing.record.for', { shop: shop.name })}</bdi>
          </p>
        ) : (
          <>
            <TextField label={t('billing.record.shopSearch')} type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
            <SelectField label={t('billing.record.shop')} value={shopId} onChange={(e) => setShopId(e.currentTarget.value)} required>
              <option value="">{t('billing.record.chooseShop')}</option>
              {(shops.data?.items ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </SelectField>
          </>
        )}
        <SelectField label={t('billing.record.plan')} value={chosenPlan} onChange={(e) => choosePlan(e.currentTarget.value)}>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {`${p.name} · ${t('billing.plans.months', { count: p.months })} · ${formatMoney(p.price, p.currency, language)}`}
            </option>
          ))}
          <option value={CUSTOM}>{t('billing.record.custom')}</option>
        </SelectField>
        {chosenPlan === CUSTOM && (
          <TextField label={t('billing.record.months')} inputMode="numeric" value={months} onChange={(e) => setMonths(e.currentTarget.value)} hint={t('billing.plan.monthsHint')} required />
        )}
        <div className={styles.twoFields}>
          <TextField label={t('billing.record.amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} required />
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
