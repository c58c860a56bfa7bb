import type { ReactNode } from 'react';
import * as styles from './selection-bar.css';

/**
 * The actions on the ticked orders, with how many are ticked ("2 selected"): it sticks to the bottom
 * of the screen, above the bottom navigation on phones, and settles at the end of the list.
 */
export function SelectionBar({ label, count, children }: { label: string; count: string; children: ReactNode }) {
  return (
    <section className={styles.bar} aria-label={label}>
      <span className={styles.count} role="status">
        {count}
      </span>
      {children}
    </section>
  );
}
