import { ImageIcon, Upload, X } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { localizeMessage } from '../../../shared/i18n/translator';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { Button } from '../ui/button';
import { useToast } from '../ui/toast';
import * as styles from './image-uploader.css';
import { UploadProgress } from './upload-progress';
import { UPLOAD_FAILED } from './upload-image';
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
  const t = useT(shop);
  const language = useLanguage();
  const name = label.toLowerCase();
  const { upload, progress, uploading } = useUpload();

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    onUploadingChange?.(true);
    try {
      const stored = await upload(file);
      onChange(stored.url);
      toast.success(t('shop.uploader.uploaded'));
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        // The server's and the file checks' messages come in English; the errors catalogue says them in the page's language.
        toast.error(error instanceof Error && error.message !== UPLOAD_FAILED ? localizeMessage(language, error.message) : t('shop.uploader.failed'));
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
          <img src={value} alt={t('shop.uploader.preview', { label })} className={[styles.preview, shape === 'wide' ? styles.wide : ''].join(' ')} />
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
              {value ? t('shop.uploader.change', { label: name }) : t('shop.uploader.upload', { label: name })}
            </label>
            {value && !uploading && (
              <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={t('shop.uploader.removeNamed', { label: name })}>
                <X size={16} aria-hidden="true" /> {t('shop.uploader.remove')}
              </Button>
            )}
          </div>
          {progress !== null ? (
            <UploadProgress value={progress} label={t('shop.uploader.uploadingNamed', { label: name })} />
          ) : (
            <span className={styles.hint}>{t('shop.uploader.hint')}</span>
          )}
        </div>
      </div>
    </div>
  );
}
