import { Package } from 'lucide-react';
import { useCallback, useState } from 'react';
import { formatMoney } from '../../../shared/money';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadMore } from '../../components/ui/load-more';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { BackToDashboard } from '../../features/admin/admin-nav';
import * as styles from '../../features/admin/admin.css';
import { useLoadFailureToast } from '../../features/admin/failure';
import { ModerationActions } from '../../features/admin/moderation';
import { SearchBox } from '../../features/admin/search-box';
import { trpc } from '../../trpc';

type AdminProduct = {
  id: number;
  name: string;
  slug: string;
  isActive: boolean;
  sellingPrice: number;
  currency: string;
  stock: number;
  shopName: string;
  shopActive: boolean;
  imageUrl: string | null;
};

function ProductCard({ product }: { product: AdminProduct }) {
  const utils = trpc.useUtils();
  const setActive = trpc.admin.setProductActive.useMutation();
  const remove = trpc.admin.deleteProduct.useMutation();
  const titleId = `product-${product.id}`;

  return (
    <li>
      <Card padded={false} className={styles.item}>
        {product.imageUrl ? (
          <img className={styles.thumb} src={product.imageUrl} alt={product.name} width={64} height={64} loading="lazy" />
        ) : (
          <span className={styles.thumb} aria-hidden="true">
            <Package size={28} />
          </span>
        )}
        <div className={styles.body}>
          <div className={styles.titleRow}>
            <h2 className={styles.itemTitle} id={titleId}>
              {product.name}
            </h2>
            <Badge tone={product.isActive ? 'success' : 'secondary'}>{product.isActive ? 'Active' : 'Inactive'}</Badge>
          </div>
          <p className={styles.muted}>
            {product.shopName}
            {!product.shopActive && ' (shop inactive)'}
          </p>
          <p>
            <span className={styles.price}>{formatMoney(product.sellingPrice, product.currency)}</span>
            <span className={styles.muted}> · Stock: {product.stock} units</span>
          </p>
          <ModerationActions
            noun="Product"
            isActive={product.isActive}
            confirmMessage="Are you sure you want to delete this product?"
            viewHref={`/product/${product.slug}`}
            describedBy={titleId}
            setActive={{ mutateAsync: (isActive) => setActive.mutateAsync({ id: product.id, isActive }), isPending: setActive.isPending }}
            remove={{ mutateAsync: () => remove.mutateAsync({ id: product.id }), isPending: remove.isPending }}
            refresh={() => Promise.all([utils.admin.products.invalidate(), utils.admin.stats.invalidate()])}
          />
        </div>
      </Card>
    </li>
  );
}

export default function AdminProductsPage() {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const onSearch = useCallback((v: string) => setSearch(v), []);
  const query = trpc.admin.products.useInfiniteQuery({ search }, { getNextPageParam: (last) => last.nextCursor, placeholderData: (prev) => prev });
  const products = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total;
  useLoadFailureToast(query.error, 'Failed to load products', toast.error);

  return (
    <Page title="Products" subtitle="Activate, deactivate or remove products of every shop." actions={<BackToDashboard />}>
      <div className={styles.toolbar}>
        <SearchBox label="Search products" placeholder="Name, brand or shop" onSearch={onSearch} />
        {total !== undefined && (
          <p className={styles.count} aria-live="polite">
            {total === 1 ? '1 product' : `${total.toLocaleString()} products`}
          </p>
        )}
      </div>
      {query.isPending ? (
        <PageSkeleton label="Loading products..." />
      ) : query.error ? (
        <EmptyState title="Failed to load products">
          <p>{query.error.message}</p>
        </EmptyState>
      ) : products.length === 0 ? (
        <EmptyState icon={<Package size={32} />} title="No products found" />
      ) : (
        <>
          <ul className={styles.list} aria-label="Products">
            {products.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </ul>
          <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
        </>
      )}
    </Page>
  );
}
