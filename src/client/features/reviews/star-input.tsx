import { Star } from 'lucide-react';
import { useId } from 'react';
import { useHydrated } from '../../hydration';
import * as styles from './reviews.css';

/** A 1-5 star choice as a radio group: keyboard arrows move between stars. 0 means none chosen. */
export function StarInput({ value, onChange, label = 'Rating' }: { value: number; onChange: (value: number) => void; label?: string }) {
  const name = useId();
  const hydrated = useHydrated();
  return (
    <fieldset className={styles.fieldset} disabled={!hydrated}>
      <legend className={styles.legend}>{label}</legend>
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
                <span className="visually-hidden">
                  {n} star{n === 1 ? '' : 's'}
                </span>
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}
