import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../../components/ui/card';
import * as styles from './link-card.css';

/** A card leading to one of the shop's pages: an icon, a title and what the page is for. */
export function LinkCard({ href, icon, title, text }: { href: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Card padded={false} interactive>
      <Link href={href} className={styles.linkCard}>
        <span className={styles.linkIcon} aria-hidden="true">
          {icon}
        </span>
        <span>
          <span className={styles.linkTitle}>{title}</span>
          <br />
          <span className={styles.linkText}>{text}</span>
        </span>
      </Link>
    </Card>
  );
}

/** The cards' grid, as a labelled navigation. */
export function LinkCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className={styles.links}>
      {children}
    </nav>
  );
}
