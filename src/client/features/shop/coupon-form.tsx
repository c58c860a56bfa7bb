import { type FormEvent, useState } from 'react';
import { localizeMessage } from '../../../shared/i18n/translator';
import { minorToMajorString } from '../../../shared/money';
import { type CouponFormInput, couponValuesSchema } from '../../../shared/schemas/coupon';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { SelectField, Switch, TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';

export type CouponView = inferRouterOutputs<AppRouter>['coupons']['list'][number];

const EMPTY: CouponFormInput = { code: '', type: 'amount', value: '', minOrder: '', startsOn: '', endsOn: '', maxUses: '', oncePerBuyer: true, isActive: true };

/** A saved coupon as the form shows it, in major units of the shop's currency. */
function toForm(coupon: CouponView, currency: string): CouponFormInput {
  const major = (minor: number) => minorToMajorString(minor, currency);
  return {
    code: coupon.code,
    type: coupon.type,
    value: coupon.type === 'percent' ? String(coupon.value) : coupon.type === 'amount' ? major(coupon.value) : '',
    minOrder: coupon.minOrder === null ? '' : major(coupon.minOrder),
    startsOn: coupon.startsOn ?? '',
    endsOn: coupon.endsOn ?? '',
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    oncePerBuyer: coupon.oncePerBuyer,
    isActive: coupon.isActive,
  };
}

/**
 * "New coupon" and "Edit" on /shop/coupons: checked with the server's own schema before it is sent,
 * each message under its field; the server's refusal (a code the shop already has) under the code.
 */
export function CouponForm({ currency, editing, onDone }: { currency: string; editing: CouponView | null; onDone: () => void }) {
  const t = useT(shop);
  const language = useLanguage();
  const toast = useToast();
  const utils = trpc.useUtils();
  const create = trpc.coupons.create.useMutation();
  const update = trpc.coupons.update.useMutation();
  const [form, setForm] = useState<CouponFormInput>(() => (editing ? toForm(editing, currency) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof CouponFormInput>(key: K, value: CouponFormInput[K]) => setForm((f) => ({ ...f, [key]: value }));
  const pending = create.isPending || update.isPending;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = couponValuesSchema(currency).safeParse(form);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.') || 'code'] ??= localizeMessage(language, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (editing) await update.mutateAsync({ id: editing.id, coupon: form });
      else await create.mutateAsync({ coupon: form });
      await utils.coupons.list.invalidate();
      toast.success(t('shop.coupons.saved'));
      onDone();
    } catch (error) {
      setErrors({ code: errorMessage(error, t('shop.coupons.failed'), language) });
    }
  }

  const title = editing ? t('shop.coupons.edit', { code: editing.code }) : t('shop.coupons.new');
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
      <Card as="section" aria-labelledby="coupon-form-heading">
        <CardHeader id="coupon-form-heading" title={title} />
        <div className={layout.stack}>
          <div className={layout.formGrid}>
            <TextField
              label={t('shop.coupons.code')}
              name="code"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              required
              value={form.code}
              onChange={(e) => set('code', e.target.value)}
              error={errors.code}
              hint={t('shop.coupons.codeHint')}
            />
            <SelectField label={t('shop.coupons.type')} name="type" value={form.type} onChange={(e) => set('type', e.target.value as CouponFormInput['type'])}>
              <option value="percent">{t('shop.coupons.type.percent')}</option>
              <option value="amount">{t('shop.coupons.type.amount')}</option>
              <option value="free_delivery">{t('shop.coupons.type.free_delivery')}</option>
            </SelectField>
            {form.type !== 'free_delivery' && (
              <TextField
                label={form.type === 'percent' ? t('shop.coupons.percent') : t('shop.coupons.amount', { currency })}
                name="value"
                inputMode={form.type === 'percent' ? 'numeric' : 'decimal'}
                dir="ltr"
                required
                value={form.value}
                onChange={(e) => set('value', e.target.value)}
                error={errors.value}
              />
            )}
            <TextField
              label={t('shop.coupons.minOrder', { currency })}
              name="minOrder"
              inputMode="decimal"
              dir="ltr"
              value={form.minOrder}
              onChange={(e) => set('minOrder', e.target.value)}
              error={errors.minOrder}
              hint={t('shop.coupons.minOrderHint')}
            />
            <TextField label={t('shop.coupons.starts')} name="startsOn" type="date" value={form.startsOn} onChange={(e) => set('startsOn', e.target.value)} error={errors.startsOn} hint={t('shop.coupons.datesHint')} />
            <TextField label={t('shop.coupons.ends')} name="endsOn" type="date" value={form.endsOn} onChange={(e) => set('endsOn', e.target.value)} error={errors.endsOn} hint={t('shop.coupons.datesHint')} />
            <TextField label={t('shop.coupons.maxUses')} name="maxUses" inputMode="numeric" dir="ltr" value={form.maxUses} onChange={(e) => set('maxUses', e.target.value)} error={errors.maxUses} />
          </div>
          <Switch label={t('shop.coupons.oncePerBuyer')} description={t('shop.coupons.oncePerBuyerHint')} checked={form.oncePerBuyer} onChange={(e) => set('oncePerBuyer', e.target.checked)} />
          <Switch label={t('shop.coupons.active')} description={t('shop.coupons.activeHint')} checked={form.isActive} onChange={(e) => set('isActive', e.target.checked)} />
          <div className={layout.row}>
            <Button type="submit" loading={pending}>
              {t('shop.coupons.save')}
            </Button>
            <Button type="button" variant="ghost" onClick={onDone}>
              {t('shop.coupons.cancel')}
            </Button>
          </div>
        </div>
      </Card>
    </form>
  );
}
