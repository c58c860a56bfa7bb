import type { inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import type { CartCardProduct } from '../../../shared/cart';
import { LoadMore } from '../../components/ui/load-more';
import catalog from '../../i18n/catalogues/en/catalog';
import { useT } from '../../i18n/language';
import { CardIconSymbols, ProductCard } from './product-card';
import * as cardStyles from './product-card.css';

type ProductCardData = inferRouterOutputs<AppRouter>['catalog']['products']['items'][number];

/** The product grid of /browse and of a storefront: cards with Add to cart (`onAdd`), and more on scroll. */
export function ProductGrid({
  items,
  showShop = true,
  busy = false,
  hasMore,
  loadingMore,
  onLoadMore,
  onAdd,
  renderSave,
  ordering = true,
}: {
  items: ProductCardData[];
  showShop?: boolean;
  busy?: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onAdd: (product: CartCardProduct) => void;
  /** False when the shop is not taking orders: the cards have no Add to cart (the storefront says why). */
  ordering?: boolean;
  /** Each card's heart (saved products), drawn by the page. */
  renderSave?: (product: { id: number; name: string; price: number; currency: string }) => ReactNode;
}) {
  const t = useT(catalog);
  return (
    <>
      <CardIconSymbols />
      <ul className={cardStyles.grid} role="list" aria-label={t('catalog.grid.label')} aria-busy={busy || undefined}>
        {items.map((product, index) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              showShop={showShop}
              // The first card's image is the page's main one; the others load as they near the
              // viewport (a server-rendered page lays them out at once, and React preloads every eager image).
              imageLoad={index === 0 ? 'high' : 'lazy'}
              save={renderSave?.({ id: product.id, name: product.name, price: product.price, currency: product.currency })}
              onAdd={
                ordering
                  ? () =>
                      onAdd({
                        id: product.id,
                        slug: product.slug,
                        name: product.name,
                        price: product.price,
                        currency: product.currency,
                        imageUrl: product.thumbUrl,
                        shopId: product.shop.id,
                        hasOptions: product.hasOptions,
                        stock: product.stock,
                      })
                  : null
              }
            />
          </li>
        ))}
      </ul>
      <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={onLoadMore} />
    </>
  );
}
