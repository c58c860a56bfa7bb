import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { intlLocale } from '../../../shared/i18n/numbers';
import { CURRENCY_CODES, currencyLabel, minorToMajorString } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, Switch, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './billing.css';

export interface PlanView {
  id: number;
  name: string;
  months: number;
  price: number;
  currency: string;
  isActive: boolean;
}

/** "New plan" or a plan's Edit: Name, Months (1-24), Price with its currency, Active. */
export function PlanDialog({ open, onClose, plan, defaultCurrency }: { open: boolean; onClose: () => void; plan: PlanView | null; defaultCurrency: string }) {
  const t = useT(billing);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const create = trpc.billing.createPlan.useMutation();
  const update = trpc.billing.updatePlan.useMutation();
  const [name, setName] = useState('');
  const [months, setMonths] = useState('1');
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState(defaultCurrency);
  const [isActive, setIsActive] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const currencies = useMemo(() => CURRENCY_CODES.map((code) => ({ code, label: currencyLabel(code, intlLocale(language)) })), [language]);

  useEffect(() => {
    if (!open) return;
    setName(plan?.name ?? '');
    setMonths(String(plan?.months ?? 1));
    setPrice(plan ? minorToMajorString(plan.price, plan.currency) : '');
    setCurrency(plan?.currency ?? defaultCurrency);
    setIsActive(plan?.isActive ?? true);
    setProblem(null);
  }, [open, plan, defaultCurrency]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const values = { name, months, price, currency, isActive };
    try {
      if (plan) await update.mutateAsync({ id: plan.id, ...values });
      else await create.mutateAsync(values);
      toast.success(t('billing.plan.saved'));
      await utils.billing.invalidate();
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, undefined, language));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={plan ? t('billing.plan.editTitle') : t('billing.plan.new')}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('billing.common.cancel')}
          </Button>
          <Button type="submit" form="plan-form" loading={create.isPending || update.isPending}>
            {t('billing.plan.save')}
          </Button>
        </>
      }
    >
      <form id="plan-form" className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField label={t('billing.plan.name')} value={name} maxLength={40} onChange={(e) => setName(e.currentTarget.value)} required />
        <TextField label={t('billing.plan.months')} inputMode="numeric" value={months} onChange={(e) => setMonths(e.currentTarget.value)} hint={t('billing.plan.monthsHint')} required />
        <div className={styles.twoFields}>
          <TextField label={t('billing.plan.price')} inputMode="decimal" value={price} onChange={(e) => setPrice(e.currentTarget.value)} required />
          <SelectField label={t('billing.plan.currency')} value={currency} onChange={(e) => setCurrency(e.currentTarget.value)} required>
            {currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </SelectField>
        </div>
        <Switch label={t('billing.plan.active')} checked={isActive} onChange={(e) => setIsActive(e.currentTarget.checked)} />
        {problem && (
          <p role="alert" className={styles.undoneNote}>
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
