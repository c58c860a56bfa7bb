import { type FormEvent, useState } from 'react';
import { localizeMessage } from '../../../shared/i18n/translator';
import { DELIVERY_TIME_MAX, RETURNS_POLICY_MAX, type ShopPoliciesInput, shopPoliciesSchema } from '../../../shared/schemas/shop-policies';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { TextAreaField, TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { useReads } from '../../reads';
import { trpc } from '../../trpc';

type Field = keyof ShopPoliciesInput;

/**
 * The Policies section of /shop/settings (issue 47): "Returns and exchanges" and "Delivery time", plain
 * text buyers read beside Add to Cart, on the storefront and at checkout, kept on each order placed from
 * then on. Checked with the server's own schema before it is sent; each message shows by its field.
 * Saved on its own.
 */
export function PoliciesSettings({ policies }: { policies: { returnsPolicy: string; deliveryTime: string } }) {
  const t = useT(shop);
  const language = useLanguage();
  const toast = useToast();
  const reads = useReads();
  const utils = trpc.useUtils();
  const save = trpc.shops.setPolicies.useMutation();
  const [values, setValues] = useState(policies);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = shopPoliciesSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= localizeMessage(language, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(parsed.data);
      setValues(saved);
      await utils.shops.mine.invalidate();
      // The storefront and product pages this tab has read show the new terms.
      await Promise.all([reads.invalidate('catalog.shop'), reads.invalidate('catalog.product')]);
      toast.success(t('shop.policies.saved'));
    } catch (error) {
      toast.error(errorMessage(error, t('shop.policies.failed')));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('shop.policies.form')}>
      <Card as="section" aria-labelledby="settings-policies">
        <CardHeader id="settings-policies" title={t('shop.policies.title')} description={t('shop.policies.description')} />
        <div className={layout.stack}>
          <TextAreaField
            label={t('shop.policies.returns')}
            name="returnsPolicy"
            value={values.returnsPolicy}
            onChange={set('returnsPolicy')}
            error={errors.returnsPolicy}
            hint={t('shop.policies.returnsHint', { max: RETURNS_POLICY_MAX })}
            maxLength={RETURNS_POLICY_MAX + 100}
            rows={3}
            dir="auto"
          />
          <TextField
            label={t('shop.policies.deliveryTime')}
            name="deliveryTime"
            value={values.deliveryTime}
            onChange={set('deliveryTime')}
            error={errors.deliveryTime}
            hint={t('shop.policies.deliveryTimeHint', { max: DELIVERY_TIME_MAX })}
            maxLength={DELIVERY_TIME_MAX + 50}
            dir="auto"
            autoComplete="off"
          />
          <div className={layout.row} style={{ justifyContent: 'flex-end' }}>
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? t('shop.common.saving') : t('shop.policies.save')}
            </Button>
          </div>
        </div>
      </Card>
    </form>
  );
}
