import type { HTMLAttributes } from 'react';
import * as styles from './badge.css';

export type BadgeTone = keyof typeof styles.tone;

export function Badge({ tone = 'default', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={[styles.base, styles.tone[tone], className ?? ''].join(' ')} {...rest} />;
}
