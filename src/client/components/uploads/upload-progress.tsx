import shop from '../../i18n/catalogues/en/shop';
import { useT } from '../../i18n/language';
import * as styles from './image-uploader.css';

/** A real progress bar with its percentage for screen readers. */
export function UploadProgress({ value, label }: { value: number; label?: string }) {
  const t = useT(shop);
  const percent = Math.round(value * 100);
  return (
    <div className={styles.row} role="status">
      <progress className={styles.progress} max={100} value={percent} aria-label={label ?? t('shop.uploader.uploading')}>
        {percent}%
      </progress>
      <span className={styles.hint}>{percent}%</span>
    </div>
  );
}
