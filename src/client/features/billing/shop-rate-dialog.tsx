import { type FormEvent, useEffect, useState } from 'react';
import { bpsToTaxPercent } from '../../../shared/schemas/shop';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './billing.css';

/** /admin/shops "Custom rate" (issue 48): the shop's own commission rate; empty for the marketplace's. */
export function ShopRateDialog({ shop, onClose }: { shop: { id: number; name: string; commissionRateBps: number | null } | null; onClose: () => void }) {
  const t = useT(billing);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const settings = trpc.billing.settings.useQuery(undefined, { enabled: shop !== null });
  const save = trpc.commission.setShopRate.useMutation();
  const [rate, setRate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setRate(shop?.commissionRateBps == null ? '' : bpsToTaxPercent(shop.commissionRateBps));
    setProblem(null);
  }, [shop]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!shop) return;
    setProblem(null);
    try {
      await save.mutateAsync({ shopId: shop.id, rate: rate.trim() });
      toast.success(t('billing.shops.rateSaved'));
      await utils.admin.shops.invalidate();
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, undefined, language));
    }
  }

  return (
    <Dialog
      open={shop !== null}
      onClose={onClose}
      title={t('billing.shops.customRate')}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('billing.common.cancel')}
          </Button>
          <Button type="submit" form="shop-rate" loading={save.isPending}>
            {t('billing.shops.saveRate')}
          </Button>
        </>
      }
    >
      <form id="shop-rate" className={styles.form} onSubmit={onSubmit} noValidate>
        {shop && (
          <p>
            <bdi dir="auto">{shop.name}</bdi>
          </p>
        )}
        <TextField
          label={t('billing.shops.customRate')}
          inputMode="decimal"
          value={rate}
          onChange={(e) => setRate(e.currentTarget.value)}
          hint={t('billing.shops.customRateHint', { rate: bpsToTaxPercent(settings.data?.commissionRateBps ?? 0) })}
          error={problem}
        />
      </form>
    </Dialog>
  );
}
