import { Store } from 'lucide-react';
import { Link } from 'wouter';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { Page } from '../components/ui/page';
import { PageSkeleton } from '../components/ui/skeleton';
import { useAddFromCard } from '../features/cart/add-to-cart';
import { ProductGrid } from '../features/catalog/product-grid';
import { FollowButton } from '../features/follows/follow-button';
import { HeartSymbol, SaveButton } from '../features/saved/save-button';
import * as styles from '../features/follows/following.css';
import { errorMessage } from '../error-message';
import follows from '../i18n/catalogues/en/follows';
import { useLanguage, useT } from '../i18n/language';
import { trpc } from '../trpc';

/** /following (issue 50): the shops the account follows, newest followed first, each with its newest products. */
export default function FollowingPage() {
  const t = useT(follows);
  const language = useLanguage();
  const list = trpc.follows.list.useQuery();
  const addFromCard = useAddFromCard();
  return (
    <Page title={t('follows.title')} subtitle={t('follows.subtitle')}>
      {list.isPending ? (
        <PageSkeleton label={t('follows.title')} />
      ) : list.error ? (
        <p role="alert">{errorMessage(list.error, t('follows.loadFailed'), language)}</p>
      ) : list.data.length === 0 ? (
        <EmptyState icon={<Store size={28} />} title={t('follows.empty')}>
          <p>{t('follows.emptyHint')}</p>
          <ButtonLink href="/shops">{t('follows.browseShops')}</ButtonLink>
        </EmptyState>
      ) : (
        <>
          <HeartSymbol />
          <ul className={styles.shops} aria-label={t('follows.title')}>
            {list.data.map((shop) => (
              <Card as="li" key={shop.id} className={styles.shop} aria-labelledby={`followed-${shop.id}`}>
                <div className={styles.header}>
                  <h2 id={`followed-${shop.id}`} className={styles.name} dir="auto">
                    {shop.name}
                  </h2>
                  <div className={styles.actions}>
                    <FollowButton shop={shop} onChange={() => void list.refetch()} />
                    <Link href={`/shop/${shop.slug}`} className={styles.visit}>
                      {t('follows.visitShop')}
                    </Link>
                  </div>
                </div>
                {shop.products.length === 0 ? (
                  <p className={styles.none}>{t('follows.noProducts')}</p>
                ) : (
                  <ProductGrid
                    items={shop.products}
                    showShop={false}
                    hasMore={false}
                    loadingMore={false}
                    onLoadMore={() => undefined}
                    onAdd={addFromCard}
                    renderSave={(product) => <SaveButton product={product} placement="card" />}
                  />
                )}
              </Card>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
