import { colorName } from '../../../shared/colors';
import { localizeMessage } from '../../../shared/i18n/translator';
import { type Combination, combinationKey, combinations, MAX_VARIANTS, TOO_MANY_VARIANTS_MESSAGE, variantLabel } from '../../../shared/variants';
import { TextField } from '../../components/ui/field';
import { useHydrated } from '../../hydration';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './variant-grid.css';

/** What the shopkeeper typed for one combination, kept by its key while colors and sizes change. */
export interface VariantCell {
  stock: string;
  price: string;
  sku: string;
}

export type VariantCells = Record<string, VariantCell>;

export const EMPTY_CELL: VariantCell = { stock: '', price: '', sku: '' };

/** The grid's total, or null while a stock is not a whole number. */
export function variantTotal(colors: string[], sizes: string[], cells: VariantCells): number | null {
  let total = 0;
  for (const c of combinations(colors, sizes)) {
    const text = (cells[combinationKey(c)]?.stock ?? '').trim() || '0';
    if (!/^\d{1,9}$/.test(text)) return null;
    total += Number(text);
  }
  return total;
}

/** The grid as the product form sends it: the current combinations only (a removed color takes its rows along). */
export function variantsInput(colors: string[], sizes: string[], cells: VariantCells) {
  return combinations(colors, sizes).map((c) => {
    const cell = cells[combinationKey(c)] ?? EMPTY_CELL;
    return { color: c.color, size: c.size, stock: cell.stock, price: cell.price || null, sku: cell.sku || null };
  });
}

/** "Track stock per variant" and, checked, one row per combination: its stock, optional price and SKU. */
export function VariantGrid({
  colors,
  sizes,
  enabled,
  onEnabledChange,
  cells,
  onCellsChange,
  pricePlaceholder,
}: {
  colors: string[];
  sizes: string[];
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  cells: VariantCells;
  onCellsChange: (cells: VariantCells) => void;
  pricePlaceholder: string;
}) {
  const hydrated = useHydrated();
  const t = useT(shop);
  const language = useLanguage();
  if (colors.length === 0 && sizes.length === 0) return null;
  const all = combinations(colors, sizes);
  const change = (c: Combination, patch: Partial<VariantCell>) => {
    const key = combinationKey(c);
    onCellsChange({ ...cells, [key]: { ...(cells[key] ?? EMPTY_CELL), ...patch } });
  };
  return (
    <div className={styles.wrap}>
      <label className={styles.check}>
        <input type="checkbox" className={styles.checkbox} checked={enabled} disabled={!hydrated} onChange={(e) => onEnabledChange(e.currentTarget.checked)} />
        {t('shop.variants.track')}
      </label>
      {enabled && all.length > MAX_VARIANTS && (
        <p className={styles.warning} role="alert">
          {localizeMessage(language, TOO_MANY_VARIANTS_MESSAGE)}
        </p>
      )}
      {enabled && all.length <= MAX_VARIANTS && (
        <ul className={styles.rows} aria-label={t('shop.variants.list')}>
          {all.map((c) => {
            const label = variantLabel(c, language);
            const cell = cells[combinationKey(c)] ?? EMPTY_CELL;
            const of = <span className="visually-hidden">{t('shop.variants.of', { label })}</span>;
            return (
              <li key={combinationKey(c)} className={styles.row}>
                <span className={styles.name}>
                  {c.color && <span className={styles.swatch} style={{ background: c.color }} aria-hidden="true" />}
                  {c.color ? colorName(c.color, language) : null}
                  {c.color && c.size ? ' / ' : null}
                  {c.size && <bdi>{c.size}</bdi>}
                </span>
                <div className={styles.fields}>
                  <TextField label={
                      <>
                        {t('shop.variants.stock')}
                        {of}
                      </>
                    } inputMode="numeric" placeholder="0" value={cell.stock} onChange={(e) => change(c, { stock: e.currentTarget.value })} />
                  <TextField
                    label={
                      <>
                        {t('shop.variants.price')}
                        {of}
                      </>
                    }
                    inputMode="decimal"
                    placeholder={pricePlaceholder}
                    value={cell.price}
                    onChange={(e) => change(c, { price: e.currentTarget.value })}
                  />
                  <TextField
                    label={
                      <>
                        {t('shop.variants.sku')}
                        {of}
                      </>
                    }
                    dir="ltr"
                    maxLength={64} value={cell.sku} onChange={(e) => change(c, { sku: e.currentTarget.value })} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
