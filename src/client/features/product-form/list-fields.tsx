import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { colorName } from '../../../shared/colors';
import { HEX_COLOR } from '../../../shared/schemas/product';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './product-form.css';

/** The chosen values as chips, each with a button that removes it. */
function Chips({
  label,
  value,
  onChange,
  removeLabel,
  render,
}: {
  label: string;
  value: string[];
  onChange: (values: string[]) => void;
  removeLabel: (item: string) => string;
  render: (item: string) => ReactNode;
}) {
  if (value.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={label}>
      {value.map((item) => (
        <li key={item} className={styles.chip}>
          {render(item)}
          <button type="button" className={styles.chipRemove} onClick={() => onChange(value.filter((v) => v !== item))} aria-label={removeLabel(item)}>
            <X size={14} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Colors as hex swatches: pick one, add it; each chip removes itself. */
export function ColorsField({ value, onChange }: { value: string[]; onChange: (colors: string[]) => void }) {
  const id = useId();
  const t = useT(shop);
  const language = useLanguage();
  const [pick, setPick] = useState('#000000');
  const add = () => {
    const color = pick.toLowerCase();
    if (HEX_COLOR.test(color) && !value.includes(color)) onChange([...value, color]);
  };
  return (
    <div className={styles.group}>
      <label className={styles.label} htmlFor={id}>
        {t('shop.colors.label')}
      </label>
      <div className={styles.inline}>
        <input id={id} type="color" className={styles.colorInput} value={pick} onChange={(e) => setPick(e.currentTarget.value)} />
        <Button variant="outline" onClick={add}>
          <Plus size={16} aria-hidden="true" /> {t('shop.colors.add')}
        </Button>
      </div>
      <Chips
        label={t('shop.colors.chosen')}
        value={value}
        onChange={onChange}
        removeLabel={(color) => t('shop.colors.remove', { color })}
        render={(color) => (
          <>
            <span className={styles.swatch} style={{ background: color }} aria-hidden="true" />
            {colorName(color, language)}
          </>
        )}
      />
    </div>
  );
}

/** Sizes, added with Enter (spec section 5) or the Add button. */
export function SizesField({ value, onChange }: { value: string[]; onChange: (sizes: string[]) => void }) {
  const t = useT(shop);
  const [draft, setDraft] = useState('');
  const add = () => {
    const size = draft.trim();
    if (size && !value.includes(size)) onChange([...value, size]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className={styles.group}>
      <div className={styles.inline}>
        <div className={styles.grow}>
          <TextField
            label={t('shop.sizes.label')}
            value={draft}
            maxLength={30}
            dir="auto"
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            hint={t('shop.sizes.hint')}
            placeholder={t('shop.sizes.placeholder')}
          />
        </div>
        <Button variant="outline" onClick={add} style={{ marginBottom: 20 }}>
          <Plus size={16} aria-hidden="true" /> {t('shop.sizes.add')}
        </Button>
      </div>
      <Chips
        label={t('shop.sizes.chosen')}
        value={value}
        onChange={onChange}
        removeLabel={(size) => t('shop.sizes.remove', { size })}
        render={(size) => <bdi>{size}</bdi>}
      />
    </div>
  );
}

export interface CustomFieldRow {
  key: number;
  name: string;
  value: string;
}

let nextKey = 1;
export const newCustomRow = (name = '', value = ''): CustomFieldRow => ({ key: nextKey++, name, value });

/** Name/value pairs; rows left empty are dropped on save. */
export function CustomFieldsEditor({ value, onChange }: { value: CustomFieldRow[]; onChange: (rows: CustomFieldRow[]) => void }) {
  const toast = useToast();
  const t = useT(shop);
  const set = (key: number, patch: Partial<CustomFieldRow>) => onChange(value.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset className={styles.group} style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend className={styles.label}>{t('shop.customFields.label')}</legend>
      <span className={styles.hint}>{t('shop.customFields.hint')}</span>
      {value.map((row, index) => (
        <div key={row.key} className={styles.customRow}>
          <TextField label={t('shop.customFields.name', { n: index + 1 })} dir="auto" value={row.name} maxLength={60} onChange={(e) => set(row.key, { name: e.currentTarget.value })} />
          <TextField label={t('shop.customFields.value', { n: index + 1 })} dir="auto" value={row.value} maxLength={500} onChange={(e) => set(row.key, { value: e.currentTarget.value })} />
          <button type="button" className={styles.iconButton} style={{ marginBottom: 6 }} onClick={() => onChange(value.filter((r) => r.key !== row.key))} aria-label={t('shop.customFields.remove', { n: index + 1 })}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      ))}
      <div>
        <Button
          variant="outline"
          onClick={() => (value.length >= 30 ? toast.error(t('shop.customFields.tooMany')) : onChange([...value, newCustomRow()]))}
        >
          <Plus size={16} aria-hidden="true" /> {t('shop.customFields.add')}
        </Button>
      </div>
    </fieldset>
  );
}
