import { useMemo } from 'react';
import { CURRENCY_CODES, currencyLabel } from '../../../shared/money';
import { SelectField } from '../../components/ui/field';

/**
 * The shop's currency, chosen from the currencies the app can format (product-decisions 4), each
 * labelled with its code and name ("JPY — Japanese Yen").
 */
export function CurrencySelect({ value, onChange, hint }: { value: string; onChange: (currency: string) => void; hint?: string }) {
  const options = useMemo(() => CURRENCY_CODES.map((code) => ({ code, label: currencyLabel(code) })), []);
  return (
    <SelectField label="Currency" name="currency" required value={value} onChange={(e) => onChange(e.currentTarget.value)} hint={hint}>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}
