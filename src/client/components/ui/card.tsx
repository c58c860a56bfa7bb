import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './card.css';

export function Card({
  padded = true,
  interactive = false,
  className,
  as: Tag = 'div',
  ...rest
}: HTMLAttributes<HTMLElement> & { padded?: boolean; interactive?: boolean; as?: 'div' | 'section' | 'article' | 'li' }) {
  const cls = [styles.card, padded ? styles.padded : '', interactive ? styles.interactive : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <Tag className={cls} {...rest} />;
}

export function CardHeader({
  title,
  description,
  level = 2,
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  level?: 2 | 3;
  id?: string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.header}>
      <Heading className={styles.title} id={id}>
        {title}
      </Heading>
      {description && <p className={styles.description}>{description}</p>}
    </div>
  );
}
