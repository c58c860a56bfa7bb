import common from '../../i18n/catalogues/en/common';
import { useT } from '../../i18n/language';
import * as styles from './skeleton.css';

export function Skeleton({ width = '100%', height = 16, radius }: { width?: number | string; height?: number | string; radius?: string }) {
  return <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}

/** A generic loading placeholder for a page or a list, announced once to screen readers. */
export function PageSkeleton({ label, rows = 4 }: { label?: string; rows?: number }) {
  const t = useT(common);
  return (
    <div className={styles.stack} role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('common.loadingEllipsis')}</span>
      <Skeleton width="40%" height={28} />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={72} />
      ))}
    </div>
  );
}
