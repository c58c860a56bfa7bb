import type { ReactNode } from 'react';
import * as styles from './page.css';

/** The frame of every screen: one h1, an optional subtitle and actions. */
export function Page({
  title,
  subtitle,
  actions,
  narrow = false,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  narrow?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={[styles.page, narrow ? styles.narrow : ''].join(' ')}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {actions && <div className={styles.row}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}
