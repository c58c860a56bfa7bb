import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { MAX_PRODUCT_IMAGES } from '../../../shared/constants';
import { localizeMessage } from '../../../shared/i18n/translator';
import { MAX_IMAGES_MESSAGE } from '../../../shared/schemas/product';
import { useToast } from '../../components/ui/toast';
import { trpc } from '../../trpc';
import * as uploaderStyles from '../../components/uploads/image-uploader.css';
import { checkImageFile, UPLOAD_FAILED } from '../../components/uploads/upload-image';
import { UploadProgress } from '../../components/uploads/upload-progress';
import { useUpload } from '../../components/uploads/use-upload';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './product-form.css';

export interface FormImage {
  url: string;
  thumbUrl: string;
  isPrimary: boolean;
}

/** Up to 4 product images, uploaded one after another with a progress bar; one is primary. */
export function ProductImages({
  value,
  onChange,
  onUploadingChange,
}: {
  value: FormImage[];
  onChange: (images: FormImage[]) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const id = useId();
  const toast = useToast();
  const t = useT(shop);
  const language = useLanguage();
  const { upload, progress } = useUpload();
  const [queue, setQueue] = useState<{ index: number; count: number } | null>(null);
  // The server only removes files nothing points at, so a saved image survives until the product is saved.
  const discard = trpc.products.discardUnsavedImages.useMutation();

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    if (files.length === 0) return;
    if (value.length + files.length > MAX_PRODUCT_IMAGES) {
      toast.error(localizeMessage(language, MAX_IMAGES_MESSAGE));
      return;
    }
    const bad = files.map(checkImageFile).find(Boolean);
    if (bad) {
      toast.error(localizeMessage(language, bad));
      return;
    }
    onUploadingChange(true);
    let images = value;
    try {
      for (const [index, file] of files.entries()) {
        setQueue({ index: index + 1, count: files.length });
        const stored = await upload(file);
        images = [...images, { url: stored.url, thumbUrl: stored.thumbUrl, isPrimary: images.length === 0 }];
        onChange(images);
      }
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        toast.error(error instanceof Error && error.message !== UPLOAD_FAILED ? localizeMessage(language, error.message) : t('shop.uploader.failed'));
      }
    } finally {
      setQueue(null);
      onUploadingChange(false);
    }
  }

  function remove(url: string) {
    const rest = value.filter((i) => i.url !== url);
    if (rest.length > 0 && !rest.some((i) => i.isPrimary)) rest[0] = { ...rest[0]!, isPrimary: true };
    onChange(rest);
    discard.mutate({ urls: [url] });
  }

  const full = value.length >= MAX_PRODUCT_IMAGES;
  return (
    <fieldset className={styles.group} style={{ border: 'none', padding: 0, margin: 0 }}>
      <legend className={styles.label}>{t('shop.images.label')}</legend>
      <span className={styles.hint}>{t('shop.images.hint', { max: MAX_PRODUCT_IMAGES, count: value.length })}</span>
      {value.length > 0 && (
        <ul className={styles.images} aria-label={t('shop.images.list')}>
          {value.map((image, index) => (
            <li key={image.url} className={[styles.imageTile, image.isPrimary ? styles.imageTilePrimary : ''].join(' ')}>
              <img src={image.thumbUrl} alt={t('shop.images.alt', { n: index + 1 })} className={styles.imagePreview} />
              <div className={styles.tileActions}>
                <label className={styles.radio}>
                  <input
                    type="radio"
                    name={`${id}-primary`}
                    checked={image.isPrimary}
                    onChange={() => onChange(value.map((i) => ({ ...i, isPrimary: i.url === image.url })))}
                  />
                  {t('shop.images.primary')}
                </label>
                <button type="button" className={styles.iconButton} onClick={() => remove(image.url)} aria-label={t('shop.images.remove', { n: index + 1 })}>
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.inline}>
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          className={uploaderStyles.fileInput}
          onChange={onPick}
          disabled={queue !== null}
          aria-describedby={`${id}-hint`}
        />
        <label
          htmlFor={id}
          className={[uploaderStyles.pick, queue !== null ? uploaderStyles.disabled : ''].join(' ')}
          onClick={(event) => {
            if (full) {
              event.preventDefault();
              toast.error(localizeMessage(language, MAX_IMAGES_MESSAGE));
            }
          }}
        >
          <ImagePlus size={18} aria-hidden="true" /> {t('shop.images.add')}
        </label>
        <span id={`${id}-hint`} className="visually-hidden">
          {t('shop.images.choose')}
        </span>
      </div>
      {queue && progress !== null && (
        <div className={styles.group}>
          <span className={styles.hint}>{t('shop.images.uploading', { index: queue.index, count: queue.count })}</span>
          <UploadProgress value={progress} label={t('shop.images.uploading', { index: queue.index, count: queue.count })} />
        </div>
      )}
    </fieldset>
  );
}
