import { Save } from 'lucide-react';
import { bpsToTaxPercent } from '../../../shared/schemas/shop';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { Switch, TextField } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './billing.css';

/**
 * The "Billing" section of /admin/settings (issue 48), its own component and its own save: Grace days
 * after a plan's end, "Stop orders from shops whose trial or plan has ended" (off by default), and the
 * "Commission rate" on delivered orders (0, off, by default).
 */
export function BillingSettingsSection() {
  const t = useT(billing);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const settings = trpc.billing.settings.useQuery();
  const save = trpc.billing.saveSettings.useMutation();
  const [graceDays, setGraceDays] = useState('');
  const [stopOrders, setStopOrders] = useState(false);
  const [commissionRate, setCommissionRate] = useState('');
  const [problem, setProblem] = useState<{ field: 'graceDays' | 'commissionRate'; message: string } | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    setGraceDays(String(settings.data.graceDays));
    setStopOrders(settings.data.stopOrders);
    setCommissionRate(bpsToTaxPercent(settings.data.commissionRateBps));
  }, [settings.data]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      await save.mutateAsync({ graceDays, stopOrders, commissionRate });
      await utils.billing.settings.invalidate();
      toast.success(t('billing.settings.saved'));
    } catch (error) {
      // The server names the field it refused (trpc/init.ts fieldErrors); the grace days otherwise, as before.
      const fields = (error as { data?: { fieldErrors?: Record<string, string> | null } } | null)?.data?.fieldErrors ?? {};
      setProblem({ field: 'commissionRate' in fields ? 'commissionRate' : 'graceDays', message: errorMessage(error, undefined, language) });
    }
  }

  return (
    <Card as="section" aria-labelledby="billing-settings" className={styles.section}>
      <CardHeader id="billing-settings" title={t('billing.settings.title')} description={t('billing.settings.description')} />
      {settings.data ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField label={t('billing.settings.graceDays')} inputMode="numeric" value={graceDays} onChange={(e) => setGraceDays(e.currentTarget.value)} hint={t('billing.settings.graceHint')} error={problem?.field === 'graceDays' ? problem.message : null} required />
          <TextField label={t('billing.settings.commission')} inputMode="decimal" value={commissionRate} onChange={(e) => setCommissionRate(e.currentTarget.value)} hint={t('billing.settings.commissionHint')} error={problem?.field === 'commissionRate' ? problem.message : null} />
          <Switch label={t('billing.settings.stopOrders')} description={t('billing.settings.stopOrdersHint')} checked={stopOrders} onChange={(e) => setStopOrders(e.currentTarget.checked)} />
          <div>
            <Button type="submit" loading={save.isPending}>
              <Save size={16} aria-hidden="true" /> {t('billing.settings.save')}
            </Button>
          </div>
        </form>
      ) : (
        <Skeleton height={120} />
      )}
    </Card>
  );
}
