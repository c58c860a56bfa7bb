import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import * as styles from './product.css';

/** The product's images (primary first) with thumbnails to switch between them. */
export function Gallery({ images, name }: { images: Array<{ url: string; thumbUrl: string }>; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className={styles.gallery}>
      {current ? (
        <img className={styles.mainImage} src={current.url} alt={name} width={800} height={800} />
      ) : (
        <div className={styles.placeholder} role="img" aria-label="No image">
          <ImageOff size={48} aria-hidden="true" />
        </div>
      )}
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Images">
          {images.map((image, i) => (
            <li key={image.url}>
              <button type="button" className={styles.thumb} aria-pressed={i === index} aria-label={`Show image ${i + 1}`} onClick={() => setIndex(i)}>
                <img className={styles.thumbImg} src={image.thumbUrl} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
