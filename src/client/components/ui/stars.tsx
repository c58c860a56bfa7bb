import { formatNumber } from '../../../shared/i18n/numbers';
import common from '../../i18n/catalogues/en/common';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './stars.css';

/** A read-only 0-5 star rating with its number for screen readers (and optionally on screen). */
export function Stars({ value, count, size = 16, showValue = true }: { value: number | null; count?: number; size?: keyof typeof styles.sizes; showValue?: boolean }) {
  const t = useT(common);
  const language = useLanguage();
  const rounded = Math.round(value ?? 0);
  const text =
    value === null ? t('common.stars.none')
    : count === undefined ? t('common.stars.rated', { value: value.toFixed(1) })
    : t('common.stars.ratedReviews', { value: value.toFixed(1), count });
  return (
    <span className={`${styles.stars} ${styles.sizes[size]}`} role="img" aria-label={text}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= rounded ? styles.full : styles.empty} />
      ))}
      {showValue && (
        <span className={styles.label} aria-hidden="true">
          {value === null ? t('common.stars.new') : value.toFixed(1)}
          {count !== undefined && value !== null ? ` (${formatNumber(count, language)})` : ''}
        </span>
      )}
    </span>
  );
}
