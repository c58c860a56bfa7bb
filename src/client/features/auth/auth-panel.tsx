import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import * as styles from './auth-panel.css';

/** The account screens' one panel (/auth, /forgot-password, /reset-password): a title, an optional lead, the card, a footnote. */
export function AuthPanel({ title, lead, footnote, children }: { title: ReactNode; lead?: ReactNode; footnote?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.wrap}>
      <div className={styles.panel}>
        <div className={styles.intro}>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
        </div>
        <Card>{children}</Card>
        {footnote && <p className={styles.footnote}>{footnote}</p>}
      </div>
    </div>
  );
}
