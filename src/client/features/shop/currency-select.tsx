import { useMemo } from 'react';
import { intlLocale } from '../../../shared/i18n/numbers';
import { CURRENCY_CODES, currencyLabel } from '../../../shared/money';
import { SelectField } from '../../components/ui/field';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';

/**
 * The shop's currency, chosen from the currencies the app can format (product-decisions 4), each
 * labelled with its code and name in the page's language ("JPY — Japanese Yen").
 */
export function CurrencySelect({ value, onChange, hint }: { value: string; onChange: (currency: string) => void; hint?: string }) {
  const t = useT(shop);
  const language = useLanguage();
  const options = useMemo(() => CURRENCY_CODES.map((code) => ({ code, label: currencyLabel(code, intlLocale(language)) })), [language]);
  return (
    <SelectField label={t('shop.currency.label')} name="currency" required value={value} onChange={(e) => onChange(e.currentTarget.value)} hint={hint}>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}
