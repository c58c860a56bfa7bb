import { Mail, MessageCircle, PackageSearch, Phone, Store, Truck } from '../components/ui/public-icons';
import { useState } from 'react';
import { PAGE_SIZE } from '../../shared/constants';
import { formatMoney } from '../../shared/money';
import { Badge } from '../components/ui/badge';
import { ToggleButton } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import * as pageStyles from '../components/ui/page.css';
import { ResponsiveImg } from '../components/ui/responsive-img';
import { PageSkeleton } from '../components/ui/skeleton';
import { Stars } from '../components/ui/stars';
import { Tabs } from '../components/ui/tabs';
import { SLOT, TextWith } from '../components/ui/text-with';
import shopTexts from '../i18n/catalogues/en/shops';
import { useLanguage, useT } from '../i18n/language';
import { useSession } from '../session';
import { useAddFromCard } from '../features/cart/add-to-cart';
import { ProductGrid } from '../features/catalog/product-grid';
import { NotTakingOrders } from '../features/catalog/not-taking-orders';
import { HeartSymbol, SaveButton } from '../features/saved/save-button';
import * as styles from '../features/catalog/shops.css';
import { ReportButton } from '../features/reports/report-button';
import { FollowButton } from '../features/follows/follow-button';
import { TargetReviews } from '../features/reviews/target-reviews';
import { errorMessage } from '../error-message';
import { usePagedRead, useRead } from '../reads';
import { ShopPolicies } from '../components/ui/shop-policies';

function ShopProducts({ shopId, categories, ordering }: { shopId: number; categories: Array<{ id: number; name: string }>; ordering: boolean }) {
  const t = useT(shopTexts);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const addFromCard = useAddFromCard();
  const products = usePagedRead('catalog.shopProducts', { shopId, categoryId, limit: PAGE_SIZE }, { keepPrevious: true });
  const items = products.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      {categories.length > 0 && (
        <ul className={styles.badgeFilter} aria-label={t('shops.storefront.filterByCategory')}>
          <li>
            <ToggleButton className={styles.filterButton} pressed={categoryId === null} onClick={() => setCategoryId(null)}>
              {t('shops.storefront.allCategories')}
            </ToggleButton>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <ToggleButton className={styles.filterButton} pressed={categoryId === c.id} onClick={() => setCategoryId(c.id)}>
                <span dir="auto">{c.name}</span>
              </ToggleButton>
            </li>
          ))}
        </ul>
      )}
      {products.isPending ? (
        <PageSkeleton label={t('shops.storefront.loadingProducts')} />
      ) : items.length === 0 ? (
        <EmptyState icon={<PackageSearch size={28} />} title={t('shops.storefront.noProducts')} />
      ) : (
        <>
          <HeartSymbol />
          <ProductGrid
            items={items}
            onAdd={addFromCard}
            ordering={ordering}
            renderSave={(product) => <SaveButton product={product} placement="card" />}
            showShop={false}
            hasMore={Boolean(products.hasNextPage)}
            loadingMore={products.isFetchingNextPage}
            onLoadMore={() => void products.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}

/** /shop/{slug}: the public storefront. Unknown or inactive shops show 'Shop not found' and stay. */
export default function StorefrontPage({ params }: { params: Record<string, string | undefined> }) {
  const slug = params.slug ?? '';
  const t = useT(shopTexts);
  const language = useLanguage();
  const { user } = useSession();
  const shop = useRead('catalog.shop', { slug }, { enabled: slug.length > 0 });
  const [tab, setTab] = useState<'products' | 'reviews'>('products');

  if (shop.isPending && slug) {
    return (
      <div className={pageStyles.page}>
        <PageSkeleton label={t('shops.storefront.loading')} />
      </div>
    );
  }
  if (!shop.data) {
    const notFound = !slug || shop.error?.data?.code === 'NOT_FOUND' || shop.error?.data?.code === 'BAD_REQUEST';
    return (
      <div className={pageStyles.page}>
        <h1 className="visually-hidden">{t('shops.storefront.heading')}</h1>
        <EmptyState icon={<Store size={28} />} title={notFound ? t('shops.storefront.notFound') : t('shops.storefront.loadFailed')}>
          {!notFound && <p>{errorMessage(shop.error)}</p>}
        </EmptyState>
      </div>
    );
  }
  const data = shop.data;
  const whatsapp = data.whatsappUrl;

  return (
    <div className={pageStyles.page}>
      {data.cover && <ResponsiveImg className={styles.headerCover} image={data.cover} placement="wide" crop load="high" alt="" />}
      <header className={styles.header}>
        {data.avatar ? (
          <ResponsiveImg className={styles.logo} image={data.avatar} placement="logo" crop load="eager" alt={t('shops.storefront.logoAlt', { shop: data.name })} />
        ) : (
          <span className={styles.logo} aria-hidden="true">
            {data.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <h1 className={pageStyles.title} dir="auto">
            {data.name}
          </h1>
          {!data.isActive && (
            <p role="note">
              {data.hiddenByAdmin ? (
                <Badge tone="danger">{t('shops.storefront.hiddenByAdmin')}</Badge>
              ) : (
                <Badge tone="warning">{t('shops.storefront.inactive')}</Badge>
              )}{' '}
              {t('shops.storefront.hiddenNote')}
            </p>
          )}
          <Stars value={data.rating} count={data.reviewCount} />
          {data.isActive && <ReportButton thing={{ type: 'shop', id: data.id }} />}
          {data.isActive && <FollowButton shop={{ id: data.id, name: data.name }} />}
          {data.description && (
            <p className={pageStyles.subtitle} dir="auto">
              {data.description}
            </p>
          )}
          {data.delivery && (
            <p className={styles.delivery}>
              <Truck size={16} aria-hidden="true" />
              {/* One flex item: the amounts' <bdi>s would each be one of their own. */}
              <span>
                <TextWith text={t('shops.storefront.delivery', { fee: SLOT })}>
                  {data.delivery.fee === 0 ? t('shops.storefront.deliveryFree') : <bdi>{formatMoney(data.delivery.fee, data.currency, language)}</bdi>}
                </TextWith>
                {data.delivery.freeFrom !== null && (
                  <TextWith text={t('shops.storefront.freeFrom', { amount: SLOT })}>
                    <bdi>{formatMoney(data.delivery.freeFrom, data.currency, language)}</bdi>
                  </TextWith>
                )}
                {data.delivery.byCity && t('shops.storefront.someCitiesDiffer')}
              </span>
            </p>
          )}
          {!data.takingOrders && <NotTakingOrders />}
          <ShopPolicies policies={data.policies} returnsPage={data.returnsPage} />
          <div className={styles.contacts}>
            {data.contactEmail && (
              <a className={styles.contact} href={`mailto:${data.contactEmail}`}>
                <Mail size={16} aria-hidden="true" />
                <bdi>{data.contactEmail}</bdi>
              </a>
            )}
            {data.contactPhone && (
              <a className={styles.contact} href={`tel:${data.contactPhone.replace(/[^\d+]/g, '')}`}>
                <Phone size={16} aria-hidden="true" />
                <bdi>{data.contactPhone}</bdi>
              </a>
            )}
            {whatsapp && (
              <a className={styles.contact} href={whatsapp} target="_blank" rel="noopener noreferrer">
                <MessageCircle size={16} aria-hidden="true" />
                {t('shops.storefront.whatsapp')}
              </a>
            )}
          </div>
        </div>
      </header>
      <Tabs
        label={t('shops.storefront.sections')}
        value={tab}
        onChange={setTab}
        items={[
          { value: 'products', label: t('shops.storefront.products'), panel: <ShopProducts shopId={data.id} categories={data.categories} ordering={data.takingOrders} /> },
          {
            value: 'reviews',
            label: data.reviewCount ? t('shops.storefront.reviewsCount', { count: data.reviewCount }) : t('shops.storefront.reviews'),
            panel: (
              <>
                <h2 id="shop-reviews-heading" className="visually-hidden">
                  {t('shops.storefront.reviews')}
                </h2>
                <TargetReviews target={{ kind: 'shop', shopId: data.id }} signedIn={Boolean(user)} headingId="shop-reviews-heading" shopName={data.name} reviewActions={(review) => <ReportButton thing={{ type: 'shop_review', id: review.id }} compact />} open={data.isActive} />
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
