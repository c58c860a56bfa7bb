import * as styles from './stars.css';

/** A read-only 0-5 star rating with its number for screen readers (and optionally on screen). */
export function Stars({ value, count, size = 16, showValue = true }: { value: number | null; count?: number; size?: number; showValue?: boolean }) {
  const rounded = Math.round(value ?? 0);
  const text = value === null ? 'No ratings yet' : `Rated ${value.toFixed(1)} out of 5${count !== undefined ? ` from ${count} review${count === 1 ? '' : 's'}` : ''}`;
  return (
    <span className={styles.stars} role="img" aria-label={text}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= rounded ? styles.full : styles.empty} style={{ width: size, height: size }} />
      ))}
      {showValue && (
        <span className={styles.label} aria-hidden="true">
          {value === null ? 'New' : value.toFixed(1)}
          {count !== undefined && value !== null ? ` (${count})` : ''}
        </span>
      )}
    </span>
  );
}
