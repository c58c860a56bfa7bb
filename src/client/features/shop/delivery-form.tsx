import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type DeliveryRule, MAX_CITY_RATES } from '../../../shared/delivery';
import { localizeMessage } from '../../../shared/i18n/translator';
import { formatMoney, minorToMajorString } from '../../../shared/money';
import { type DeliveryFormInput, deliveryRuleSchema, deliveryRuleToForm } from '../../../shared/schemas/delivery';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { CityOptions } from '../../components/ui/city-options';
import { TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import { useHydrated } from '../../hydration';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import * as styles from './delivery.css';

type Row = DeliveryFormInput['cities'][number] & { key: number };

let nextKey = 1;
const keyed = (row: DeliveryFormInput['cities'][number]): Row => ({ ...row, key: nextKey++ });

/**
 * The Delivery section of /shop/settings: the flat fee, "Free delivery from" and city rates, typed in
 * major units of the shop's saved currency. Checked with the server's own schema before it is sent: each
 * message shows under its field and nothing is sent while any is there. Saved on its own.
 */
export function DeliverySettings({ currency, delivery }: { currency: string; delivery: { rule: DeliveryRule; custom: boolean } }) {
  const toast = useToast();
  const t = useT(shop);
  const language = useLanguage();
  const utils = trpc.useUtils();
  const save = trpc.shops.setDelivery.useMutation();
  const hydrated = useHydrated();
  const initial = delivery.custom ? deliveryRuleToForm(delivery.rule, (minor) => minorToMajorString(minor, currency)) : { fee: '', freeFrom: '', cities: [] };
  const [fee, setFee] = useState(initial.fee);
  const [freeFrom, setFreeFrom] = useState(initial.freeFrom);
  const [rows, setRows] = useState<Row[]>(() => initial.cities.map(keyed));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = (key: number, patch: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form: DeliveryFormInput = { fee, freeFrom, cities: rows.map(({ key: _key, ...row }) => row) };
    const parsed = deliveryRuleSchema(currency).safeParse(form);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.') || 'cities'] ??= localizeMessage(language, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(form);
      await utils.shops.mine.invalidate();
      toast.success(t('shop.delivery.saved'));
    } catch (error) {
      toast.error(errorMessage(error, t('shop.delivery.failed')));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('shop.delivery.form')}>
      <Card as="section" aria-labelledby="settings-delivery">
        <CardHeader
          id="settings-delivery"
          title={t('shop.delivery.title')}
          description={t('shop.delivery.description', { currency })}
        />
        <div className={layout.stack}>
          <div className={layout.formGrid}>
            <TextField
              label={t('shop.delivery.fee')}
              name="deliveryFee"
              inputMode="decimal"
              required
              value={fee}
              onChange={(e) => setFee(e.target.value)}
              error={errors.fee}
              hint={
                delivery.custom ? (
                  t('shop.delivery.feeHintCustom')
                ) : (
                  <>
                    {t('shop.delivery.feeHintDefault.before')}
                    <bdi>{formatMoney(delivery.rule.fee, currency, language)}</bdi>
                    {t('shop.delivery.feeHintDefault.after')}
                  </>
                )
              }
            />
            <TextField
              label={t('shop.delivery.freeFrom')}
              name="freeDeliveryFrom"
              inputMode="decimal"
              value={freeFrom}
              onChange={(e) => setFreeFrom(e.target.value)}
              error={errors.freeFrom}
              hint={t('shop.delivery.freeFromHint')}
            />
          </div>
          <p className={styles.note}>{t('shop.delivery.cityNote')}</p>
          {rows.length > 0 && (
            <ul className={styles.rows} aria-label={t('shop.delivery.cityRates')}>
              {rows.map((row, index) => (
                <li key={row.key}>
                  <fieldset className={styles.cityRow}>
                    <legend className={styles.legend}>{t('shop.delivery.cityRate', { n: index + 1 })}</legend>
                    <TextField label={t('shop.delivery.city')} dir="auto" list="delivery-cities" autoComplete="off" value={row.city} onChange={(e) => change(row.key, { city: e.target.value })} error={errors[`cities.${index}.city`]} required />
                    <TextField
                      label={t('shop.delivery.cityFee')}
                      inputMode="decimal"
                      value={row.noDelivery ? '' : row.fee}
                      disabled={row.noDelivery}
                      onChange={(e) => change(row.key, { fee: e.target.value })}
                      error={errors[`cities.${index}.fee`]}
                      required={!row.noDelivery}
                    />
                    <div className={styles.rowFoot}>
                      <label className={styles.check}>
                        <input
                          type="checkbox"
                          className={styles.checkbox}
                          checked={row.noDelivery}
                          disabled={!hydrated}
                          onChange={(e) => change(row.key, { noDelivery: e.target.checked })}
                        />
                        {t('shop.delivery.noDelivery')}
                      </label>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={
                          row.city.trim()
                            ? t('shop.delivery.removeRateCity', { n: index + 1, city: row.city.trim() })
                            : t('shop.delivery.removeRate', { n: index + 1 })
                        }
                        onClick={() => {
                          setRows((all) => all.filter((r) => r.key !== row.key));
                          setErrors({});
                        }}
                      >
                        <Trash2 size={16} aria-hidden="true" />
                        {t('shop.delivery.remove')}
                      </Button>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ul>
          )}
          <CityOptions id="delivery-cities" />
          {errors.cities && (
            <p className={styles.note} role="alert">
              {errors.cities}
            </p>
          )}
          <div className={layout.row} style={{ justifyContent: 'space-between' }}>
            <Button
              type="button"
              variant="outline"
              disabled={rows.length >= MAX_CITY_RATES}
              onClick={() => setRows((all) => [...all, keyed({ city: '', fee: '', noDelivery: false })])}
            >
              <Plus size={16} aria-hidden="true" />
              {t('shop.delivery.addRate')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? t('shop.common.saving') : t('shop.delivery.save')}
            </Button>
          </div>
        </div>
      </Card>
    </form>
  );
}
