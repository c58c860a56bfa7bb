import type { ComponentType } from 'react';
import type { IconProps } from './public-icons';
import * as styles from './icon-sprite.css';

/**
 * An icon drawn many times on one page (a grid's Add to cart): its drawing is written once, as a
 * `<symbol>` (`IconSymbol`), and every place draws it with `<use>` (`SpriteIcon`), so the server sends
 * and the browser hydrates one copy of its paths, not one per card. Looks as the icon itself does.
 */
export function IconSymbol({ id, icon: Icon }: { id: string; icon: ComponentType<IconProps> }) {
  return (
    <svg className={styles.sprite} aria-hidden="true">
      <symbol id={id} viewBox="0 0 24 24">
        <Icon />
      </symbol>
    </svg>
  );
}

/** A decorative icon drawn from the page's `IconSymbol` of that id, at `size` px. */
export function SpriteIcon({ id, size, className }: { id: string; size: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" className={className ? `${styles.icon} ${className}` : styles.icon} aria-hidden="true">
      <use href={`#${id}`} />
    </svg>
  );
}
