import { LayoutGrid, PackageSearch, Tag } from '../components/ui/public-icons';
import { useSearchParams } from 'wouter';
import { PAGE_SIZE } from '../../shared/constants';
import { useSearchText } from '../features/catalog/use-search-text';
import { Button, ToggleButton } from '../components/ui/button';
import { IconSymbol, SpriteIcon } from '../components/ui/icon-sprite';
import { PageSkeleton } from '../components/ui/skeleton';
import { EmptyState } from '../components/ui/empty-state';
import { TextField } from '../components/ui/field';
import { Page } from '../components/ui/page';
import * as layout from '../components/ui/page.css';
import { BannerCarousel } from '../features/catalog/banner-carousel';
import * as styles from '../features/catalog/browse.css';
import { useAddFromCard } from '../features/cart/add-to-cart';
import { ProductGrid } from '../features/catalog/product-grid';
import { HeartSymbol, SaveButton } from '../features/saved/save-button';
import { ShopFilter } from '../features/catalog/shop-filter';
import catalog from '../i18n/catalogues/en/catalog';
import { useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { usePagedRead, useRead } from '../reads';

const CATEGORY_ICON = 'category-icon';

/** /browse: banners, search, category strip, shop filter and the product grid. Filters live in the URL. */
export default function BrowsePage() {
  const t = useT(catalog);
  const [params, setParams] = useSearchParams();
  const addFromCard = useAddFromCard();
  const { value: q, text, setText } = useSearchText('q');
  const category = params.get('category') ?? '';
  const shop = params.get('shop') ?? '';

  function update(next: Partial<Record<'q' | 'category' | 'shop', string>>) {
    setParams(
      (prev) => {
        const merged = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(next)) {
          if (value) merged.set(key, value);
          else merged.delete(key);
        }
        return merged;
      },
      { replace: true },
    );
  }

  const banners = useRead('sliders.listActive', undefined, { staleTime: 60_000 });
  const filters = useRead('catalog.filters', undefined, { staleTime: 60_000 });
  const products = usePagedRead('catalog.products', { search: q, category, shop, limit: PAGE_SIZE }, { keepPrevious: true });
  const items = products.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Page title={t('catalog.browse.title')} subtitle={t('catalog.browse.subtitle')}>
      {banners.data && banners.data.length > 0 && <BannerCarousel banners={banners.data} />}

      <div className={styles.filters} role="search">
        <TextField
          label={t('catalog.browse.searchLabel')}
          type="search"
          dir="auto"
          placeholder={t('catalog.browse.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ q: text.trim() });
          }}
          maxLength={100}
        />
        <ShopFilter value={shop} onChange={(slug) => update({ shop: slug })} />
      </div>

      <nav aria-label={t('catalog.browse.categories')}>
        <IconSymbol id={CATEGORY_ICON} icon={Tag} />
        <ul className={styles.strip} role="list">
          <li>
            <ToggleButton className={styles.chip} pressed={category === ''} onClick={() => update({ category: '' })}>
              <span className={styles.chipIcon}>
                <LayoutGrid size={18} aria-hidden="true" />
              </span>
              {t('catalog.browse.allCategories')}
            </ToggleButton>
          </li>
          {filters.data?.categories.map((c) => (
            <li key={c.slug}>
              <ToggleButton className={styles.chip} pressed={category === c.slug} onClick={() => update({ category: c.slug })}>
                <span className={styles.chipIcon}>
                  {c.iconUrl ? <img className={styles.chipImg} src={c.iconUrl} alt="" /> : <SpriteIcon id={CATEGORY_ICON} size={18} />}
                </span>
                <span dir="auto">{c.name}</span>
              </ToggleButton>
            </li>
          ))}
        </ul>
      </nav>

      {products.isPending ? (
        <PageSkeleton label={t('catalog.browse.loading')} />
      ) : products.isError ? (
        <EmptyState title={t('catalog.browse.loadFailed')}>
          <p>{errorMessage(products.error)}</p>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={<PackageSearch size={28} />} title={t('catalog.browse.empty')}>
          {q || category || shop ? (
            <>
              <p>{t('catalog.browse.emptyFiltered')}</p>
              <Button
                variant="outline"
                onClick={() => {
                  setText('');
                  update({ q: '', category: '', shop: '' });
                }}
              >
                {t('catalog.browse.clearFilters')}
              </Button>
            </>
          ) : (
            <p>{t('catalog.browse.emptyNew')}</p>
          )}
        </EmptyState>
      ) : (
        <div className={layout.stack}>
          <HeartSymbol />
          <ProductGrid
            items={items}
            onAdd={addFromCard}
            renderSave={(product) => <SaveButton product={product} placement="card" />}
            busy={products.isFetching && !products.isFetchingNextPage}
            hasMore={Boolean(products.hasNextPage)}
            loadingMore={products.isFetchingNextPage}
            onLoadMore={() => void products.fetchNextPage()}
          />
        </div>
      )}
    </Page>
  );
}
