import { ImageIcon, Upload, X } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { Button } from '../ui/button';
import { useToast } from '../ui/toast';
import * as styles from './image-uploader.css';
import { UploadProgress } from './upload-progress';
import { useUpload } from './use-upload';

/**
 * One image (a logo, a profile picture, a cover): choose a file, watch it upload, see the preview.
 * The server decodes and re-encodes it; `onChange` receives the stored URL.
 */
export function ImageUploader({
  label,
  value,
  onChange,
  shape = 'square',
  onUploadingChange,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  shape?: 'square' | 'wide';
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const id = useId();
  const toast = useToast();
  const { upload, progress, uploading } = useUpload();

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    onUploadingChange?.(true);
    try {
      const stored = await upload(file);
      onChange(stored.url);
      toast.success('Image uploaded successfully');
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        toast.error(error instanceof Error ? error.message : 'Failed to upload image');
      }
    } finally {
      onUploadingChange?.(false);
    }
  }

  return (
    <div className={styles.box}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <div className={styles.row}>
        {value ? (
          <img src={value} alt={`${label} preview`} className={[styles.preview, shape === 'wide' ? styles.wide : ''].join(' ')} />
        ) : (
          <div className={[styles.preview, shape === 'wide' ? styles.wide : ''].join(' ')} aria-hidden="true">
            <ImageIcon size={28} />
          </div>
        )}
        <div className={styles.box}>
          <div className={styles.row}>
            <input id={id} type="file" accept="image/*" className={styles.fileInput} onChange={onPick} disabled={uploading} />
            <label htmlFor={id} className={[styles.pick, uploading ? styles.disabled : ''].join(' ')}>
              <Upload size={16} aria-hidden="true" />
              {value ? `Change ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
            </label>
            {value && !uploading && (
              <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={`Remove ${label.toLowerCase()}`}>
                <X size={16} aria-hidden="true" /> Remove
              </Button>
            )}
          </div>
          {progress !== null ? <UploadProgress value={progress} label={`Uploading ${label.toLowerCase()}`} /> : <span className={styles.hint}>JPG, PNG or WebP, up to 5 MB.</span>}
        </div>
      </div>
    </div>
  );
}
