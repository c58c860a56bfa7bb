import { Heart, ImageOff, ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import { formatMoney } from '../../shared/money';
import { type SavedEntry, savedState } from '../../shared/saved';
import type { ResponsiveImage } from '../../shared/responsive-image';
import { Badge } from '../components/ui/badge';
import { Button, ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { Page } from '../components/ui/page';
import * as layout from '../components/ui/page.css';
import { Price } from '../components/ui/price';
import { ResponsiveImg } from '../components/ui/responsive-img';
import { PageSkeleton } from '../components/ui/skeleton';
import { useAddFromCard } from '../features/cart/add-to-cart';
import * as cardStyles from '../features/catalog/product-card.css';
import { HeartSymbol, SaveButton } from '../features/saved/save-button';
import { useSavedList } from '../features/saved/saved-store';
import * as styles from '../features/saved/saved.css';
import saved from '../i18n/catalogues/en/saved';
import { useLanguage, useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { useRead } from '../reads';
import { useSession } from '../session';

/** A saved product as /saved shows it: its state now, and what it cost when saved (null: not known). */
interface SavedItem {
  id: number;
  name: string | null;
  available: boolean;
  slug?: string;
  price?: number;
  currency?: string;
  stock?: number;
  hasOptions?: boolean;
  thumbUrl?: string | null;
  image?: ResponsiveImage | null;
  shop?: { id: number; name: string; slug: string };
  saved: Pick<SavedEntry, 'price' | 'currency'> | null;
}

function SavedCard({ item }: { item: SavedItem }) {
  const t = useT(saved);
  const language = useLanguage();
  const addFromCard = useAddFromCard();
  const now = { available: item.available, stock: item.stock ?? 0, price: item.price ?? 0, currency: item.currency ?? '' };
  const state = savedState(now, item.saved);
  const name = item.name ?? t('saved.unnamed');
  const sells = state === 'onSale' || state === 'priceDropped';
  return (
    <article className={cardStyles.card}>
      <div className={cardStyles.imageWrap}>
        {item.image ? (
          <ResponsiveImg className={cardStyles.image} image={item.image} placement="card" crop load="lazy" alt="" fallbackSrc={item.thumbUrl ?? undefined} />
        ) : (
          <div className={cardStyles.placeholder}>
            <ImageOff size={32} aria-hidden="true" />
          </div>
        )}
        {item.available && item.price !== undefined && item.currency && (
          <SaveButton product={{ id: item.id, name, price: item.price, currency: item.currency }} placement="card" />
        )}
      </div>
      <div className={cardStyles.body}>
        {item.available && item.slug ? (
          <Link href={`/product/${item.slug}`} className={cardStyles.name} dir="auto">
            {name}
          </Link>
        ) : (
          <span className={cardStyles.name} dir="auto">
            {name}
          </span>
        )}
        {item.shop && (
          <span className={cardStyles.shopRow} dir="auto">
            {item.shop.name}
          </span>
        )}
        <div className={cardStyles.footer}>
          {item.available && item.price !== undefined && item.currency && <Price amount={item.price} currency={item.currency} />}
          {state === 'priceDropped' && item.saved && (
            <p className={styles.dropped}>{t('saved.priceDropped', { price: formatMoney(item.saved.price, item.saved.currency, language) })}</p>
          )}
          {state === 'outOfStock' && <Badge tone="secondary">{t('saved.outOfStock')}</Badge>}
          {state === 'unavailable' && <Badge tone="secondary">{t('saved.unavailable')}</Badge>}
          {sells && item.slug && item.shop && (
            <Button
              size="sm"
              variant="outline"
              className={cardStyles.action}
              onClick={() =>
                addFromCard({
                  id: item.id,
                  slug: item.slug!,
                  name,
                  price: item.price!,
                  currency: item.currency!,
                  imageUrl: item.thumbUrl ?? null,
                  shopId: item.shop!.id,
                  hasOptions: item.hasOptions ?? false,
                  stock: item.stock ?? 0,
                })
              }
            >
              <ShoppingCart size={16} aria-hidden="true" />
              {t('saved.addToCart')}
              <span className="visually-hidden">{`: ${name}`}</span>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** The account's list from the server, once this browser's guest list has merged into it (saved-sync.ts). */
function useAccountItems(userId: number | null, synced: boolean) {
  const list = useRead('saved.list', undefined, { enabled: userId !== null && synced });
  const items: SavedItem[] | undefined = list.data?.map((view) => ({ ...view, saved: view.saved }));
  return { items, error: list.error, retry: list.refetch };
}

/** A guest's list from this browser, each product's state read from the server. */
function useGuestItems(entries: SavedEntry[], enabled: boolean) {
  const productIds = entries.map((e) => e.productId);
  const preview = useRead('saved.preview', { productIds }, { enabled: enabled && productIds.length > 0 });
  if (!enabled) return { items: undefined, error: null, retry: preview.refetch };
  if (productIds.length === 0) return { items: [] as SavedItem[], error: null, retry: preview.refetch };
  const byId = new Map((preview.data ?? []).map((view) => [view.id, view]));
  const items: SavedItem[] | undefined = preview.data
    ? entries.flatMap((entry): SavedItem[] => {
        const view = byId.get(entry.productId);
        if (!view) return [];
        const kept = { price: entry.price, currency: entry.currency };
        return [view.available ? { ...view, saved: kept } : { id: entry.productId, name: entry.name ?? null, available: false, saved: kept }];
      })
    : undefined;
  return { items, error: preview.error, retry: preview.refetch };
}

/** /saved (issue 50): the products the buyer saved, with their price now; a guest's from this browser. */
export default function SavedPage() {
  const t = useT(saved);
  const language = useLanguage();
  const { user, loading } = useSession();
  const stored = useSavedList();
  const userId = user?.id ?? null;
  const account = useAccountItems(userId, stored.owner === userId);
  const guest = useGuestItems(stored.entries, !loading && userId === null);
  const { items, error, retry } = userId === null ? guest : account;

  return (
    <Page title={t('saved.title')} subtitle={t('saved.subtitle')}>
      <HeartSymbol />
      {!loading && !user && (
        <p className={layout.row} role="note">
          {t('saved.guestNote')}
          <ButtonLink href="/auth" size="sm" variant="outline">
            {t('saved.signIn')}
          </ButtonLink>
        </p>
      )}
      {error ? (
        <EmptyState title={t('saved.loadFailed')}>
          <p>{errorMessage(error, undefined, language)}</p>
          <Button onClick={() => void retry()}>{t('saved.retry')}</Button>
        </EmptyState>
      ) : !items ? (
        <PageSkeleton />
      ) : items.length === 0 ? (
        <EmptyState icon={<Heart size={28} />} title={t('saved.empty')}>
          <p>{t('saved.emptyHint')}</p>
          <ButtonLink href="/browse">{t('saved.browse')}</ButtonLink>
        </EmptyState>
      ) : (
        <ul className={cardStyles.grid} role="list" aria-label={t('saved.list')}>
          {items.map((item) => (
            <li key={item.id}>
              <SavedCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
