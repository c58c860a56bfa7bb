import * as styles from './image-uploader.css';

/** A real progress bar with its percentage for screen readers. */
export function UploadProgress({ value, label = 'Uploading image' }: { value: number; label?: string }) {
  const percent = Math.round(value * 100);
  return (
    <div className={styles.row} role="status">
      <progress className={styles.progress} max={100} value={percent} aria-label={label}>
        {percent}%
      </progress>
      <span className={styles.hint}>{percent}%</span>
    </div>
  );
}
