import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button';
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

/**
 * A result said in the panel instead of its form ("Password changed", "This link is not valid"), with
 * the one way on from it as a large button link.
 */
export function PanelNotice({ text, action }: { text: ReactNode; action: { href: string; label: string; variant?: 'primary' | 'secondary' } }) {
  return (
    <div className={styles.form} role="status">
      <p className={styles.notice}>{text}</p>
      <ButtonLink href={action.href} variant={action.variant ?? 'primary'} size="lg" block>
        {action.label}
      </ButtonLink>
    </div>
  );
}
