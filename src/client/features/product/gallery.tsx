import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import type { ResponsiveImage } from '../../../shared/responsive-image';
import { ResponsiveImg } from '../../components/ui/responsive-img';
import { useHydrated } from '../../hydration';
import productTexts from '../../i18n/catalogues/en/product';
import { useT } from '../../i18n/language';
import * as styles from './product.css';

/** The product's images (primary first) with thumbnails to switch between them. */
export function Gallery({ images, name }: { images: Array<ResponsiveImage & { thumbUrl: string }>; name: string }) {
  const t = useT(productTexts);
  const [index, setIndex] = useState(0);
  const hydrated = useHydrated();
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className={styles.gallery}>
      {current ? (
        <ResponsiveImg className={styles.mainImage} image={current} placement="productMain" load="high" alt={name} />
      ) : (
        <div className={styles.placeholder} role="img" aria-label={t('product.gallery.noImage')}>
          <ImageOff size={48} aria-hidden="true" />
        </div>
      )}
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label={t('product.gallery.images')}>
          {images.map((image, i) => (
            <li key={image.url}>
              <button type="button" className={styles.thumb} aria-pressed={i === index} aria-label={t('product.gallery.show', { number: i + 1 })} disabled={!hydrated} onClick={() => setIndex(i)}>
                <ResponsiveImg className={styles.thumbImg} image={image} placement="thumb" alt="" fallbackSrc={image.thumbUrl} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
