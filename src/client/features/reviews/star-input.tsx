import { Star } from 'lucide-react';
import { useId } from 'react';
import { useHydrated } from '../../hydration';
import productTexts from '../../i18n/catalogues/en/product';
import { useT } from '../../i18n/language';
import * as styles from './reviews.css';

/** A 1-5 star choice as a radio group: keyboard arrows move between stars. 0 means none chosen. */
export function StarInput({ value, onChange, label }: { value: number; onChange: (value: number) => void; label?: string }) {
  const t = useT(productTexts);
  const name = useId();
  const hydrated = useHydrated();
  return (
    <fieldset className={styles.fieldset} disabled={!hydrated}>
      <legend className={styles.legend}>{label ?? t('product.reviews.rating')}</legend>
      <div className={styles.starRow}>
        {[1, 2, 3, 4, 5].map((n) => {
          const id = `${name}-${n}`;
          return (
            <span key={n}>
              <input
                className={styles.starInput}
                type="radio"
                id={id}
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
              />
              <label htmlFor={id} className={[styles.starLabel, n <= value ? styles.starOn : ''].join(' ')}>
                <Star size={28} aria-hidden="true" fill={n <= value ? 'currentColor' : 'none'} />
                <span className="visually-hidden">{t('product.reviews.stars', { count: n })}</span>
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}
