import { useHydrated } from '../../hydration';
import { useToast } from '../../components/ui/toast';
import { localizeMessage } from '../../../shared/i18n/translator';
import common from '../../i18n/catalogues/en/common';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { useReads } from '../../reads';
import { useSession } from '../../session';
import * as styles from './save-button.css';
import { SavedFullError, savedStore, useIsSaved } from './saved-store';

const HEART = 'saved-heart';
const HEART_PATH = 'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5';

/** The heart's drawing, once per page (each button draws it with `<use>`; filled by CSS when pressed). */
export function HeartSymbol() {
  return (
    <svg className={styles.sprite} aria-hidden="true">
      <symbol id={HEART} viewBox="0 0 24 24">
        <path d={HEART_PATH} />
      </symbol>
    </svg>
  );
}

export interface SaveProduct {
  id: number;
  name: string;
  /** Unit price now, after its discount (minor units). */
  price: number;
  currency: string;
}

/**
 * The heart (issue 50): "Save", pressed "Saved". A guest's list stays in this browser; a signed-in
 * buyer's goes to the server at once (the browser's copy changes first, and back if the server refuses).
 * Needs a `HeartSymbol` on the page.
 */
export function SaveButton({ product, placement }: { product: SaveProduct; placement: 'card' | 'page' | 'list' }) {
  const t = useT(common);
  const language = useLanguage();
  const toast = useToast();
  const reads = useReads();
  const { user } = useSession();
  const hydrated = useHydrated();
  const saved = useIsSaved(product.id);

  async function onClick() {
    const next = !saved;
    const entry = { productId: product.id, price: product.price, currency: product.currency, savedAt: new Date().toISOString(), name: product.name };
    try {
      savedStore.set(entry, next);
    } catch (error) {
      toast.error(error instanceof SavedFullError ? localizeMessage(language, error.message) : errorMessage(error, undefined, language));
      return;
    }
    if (!user) return;
    try {
      await reads.call('mutation', 'saved.set', { productId: product.id, saved: next });
      void reads.invalidate('saved.', false);
    } catch (error) {
      savedStore.set(entry, !next);
      toast.error(errorMessage(error, undefined, language));
    }
  }

  const className = [styles.button, placement === 'card' ? styles.onCard : '', placement === 'page' ? styles.large : ''].join(' ');
  return (
    <button type="button" className={className} aria-pressed={saved} disabled={!hydrated} onClick={onClick}>
      <svg width={placement === 'page' ? 18 : 14} height={placement === 'page' ? 18 : 14} viewBox="0 0 24 24" className={styles.heart} aria-hidden="true">
        <use href={`#${HEART}`} />
      </svg>
      {saved ? t('common.save.saved') : t('common.save.save')}
      {placement !== 'page' && <span className="visually-hidden">{`: ${product.name}`}</span>}
    </button>
  );
}
