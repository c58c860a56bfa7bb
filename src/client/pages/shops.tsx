import { Store } from '../components/ui/public-icons';
import { Link } from 'wouter';
import { PAGE_SIZE } from '../../shared/constants';
import { useSearchText } from '../features/catalog/use-search-text';
import { EmptyState } from '../components/ui/empty-state';
import { TextField } from '../components/ui/field';
import { LoadMore } from '../components/ui/load-more';
import { Page } from '../components/ui/page';
import { ResponsiveImg } from '../components/ui/responsive-img';
import * as layout from '../components/ui/page.css';
import { Stars } from '../components/ui/stars';
import * as textStyles from '../components/ui/text.css';
import * as styles from '../features/catalog/shops.css';
import shopTexts from '../i18n/catalogues/en/shops';
import { useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { FollowButton } from '../features/follows/follow-button';
import { usePagedRead } from '../reads';

/**
 * /shops: every active shop with its average rating; search by name or description. The card is one
 * link (its name's, stretched over the card) with a Follow button beside it, not inside it, for a
 * signed-in account (FollowButton decides).
 */
export default function ShopsPage() {
  const t = useT(shopTexts);
  const { value: q, text, setText } = useSearchText('q');

  const shops = usePagedRead('catalog.shops', { search: q, limit: PAGE_SIZE }, { keepPrevious: true });
  const items = shops.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Page title={t('shops.list.title')} subtitle={t('shops.list.subtitle')}>
      <div role="search">
        <TextField label={t('shops.list.searchLabel')} type="search" dir="auto" placeholder={t('shops.list.searchPlaceholder')} value={text} onChange={(e) => setText(e.target.value)} maxLength={100} />
      </div>
      {shops.isPending ? (
        <p role="status">{t('shops.list.loading')}</p>
      ) : shops.isError ? (
        <EmptyState title={t('shops.list.loadFailed')}>
          <p>{errorMessage(shops.error)}</p>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={<Store size={28} />} title={t('shops.list.empty')} />
      ) : (
        <div className={layout.stack}>
          <ul className={styles.grid} aria-label={t('shops.list.list')}>
            {items.map((shop, index) => (
              <li key={shop.id}>
                <article className={styles.card}>
                  {shop.cover ? (
                    <ResponsiveImg className={styles.cover} image={shop.cover} placement="shopCard" crop load={index === 0 ? 'high' : 'lazy'} alt="" />
                  ) : (
                    <div className={styles.coverFallback} aria-hidden="true">
                      <Store size={32} />
                    </div>
                  )}
                  {shop.avatar ? (
                    <ResponsiveImg className={styles.avatar} image={shop.avatar} placement="avatar" crop load={index === 0 ? 'eager' : 'lazy'} alt="" />
                  ) : (
                    <span className={styles.avatar} aria-hidden="true">
                      {shop.name.charAt(0).toUpperCase()}
                    </span>
                  )}
                  <div className={styles.body}>
                    <Link href={`/shop/${shop.slug}`} className={styles.name} dir="auto">
                      {shop.name}
                    </Link>
                    <Stars value={shop.rating} count={shop.reviewCount} size={14} />
                    {shop.description && (
                      <p className={textStyles.summary} dir="auto">
                        {shop.description}
                      </p>
                    )}
                    <div className={styles.foot}>
                      <FollowButton shop={{ id: shop.id, name: shop.name }} className={styles.follow} />
                    </div>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <LoadMore hasMore={Boolean(shops.hasNextPage)} loading={shops.isFetchingNextPage} onLoadMore={() => void shops.fetchNextPage()} />
        </div>
      )}
    </Page>
  );
}
