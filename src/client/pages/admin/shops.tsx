import { Store } from 'lucide-react';
import { useCallback, useState } from 'react';
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

type AdminShop = {
  id: number;
  name: string;
  slug: string;
  description: string;
  logoUrl: string | null;
  isActive: boolean;
  ownerEmail: string;
  productCount: number;
};

function ShopCard({ shop }: { shop: AdminShop }) {
  const utils = trpc.useUtils();
  const setActive = trpc.admin.setShopActive.useMutation();
  const remove = trpc.admin.deleteShop.useMutation();
  const titleId = `shop-${shop.id}`;

  return (
    <li>
      <Card padded={false} className={styles.item}>
        {shop.logoUrl ? (
          <img className={styles.thumb} src={shop.logoUrl} alt={`${shop.name} logo`} width={64} height={64} loading="lazy" />
        ) : (
          <span className={styles.thumb} aria-hidden="true">
            <Store size={28} />
          </span>
        )}
        <div className={styles.body}>
          <div className={styles.titleRow}>
            <h2 className={styles.itemTitle} id={titleId}>
              {shop.name}
            </h2>
            <Badge tone={shop.isActive ? 'success' : 'secondary'}>{shop.isActive ? 'Active' : 'Inactive'}</Badge>
          </div>
          <p className={styles.clamp}>{shop.description.trim() || 'No description'}</p>
          <p className={styles.muted}>
            {shop.productCount === 1 ? '1 product' : `${shop.productCount} products`} · {shop.ownerEmail}
          </p>
          <ModerationActions
            noun="Shop"
            isActive={shop.isActive}
            confirmMessage="Are you sure you want to delete this shop? This action cannot be undone."
            viewHref={`/shop/${shop.slug}`}
            describedBy={titleId}
            setActive={{ mutateAsync: (isActive) => setActive.mutateAsync({ id: shop.id, isActive }), isPending: setActive.isPending }}
            remove={{ mutateAsync: () => remove.mutateAsync({ id: shop.id }), isPending: remove.isPending }}
            refresh={() => Promise.all([utils.admin.shops.invalidate(), utils.admin.products.invalidate(), utils.admin.stats.invalidate()])}
          />
        </div>
      </Card>
    </li>
  );
}

export default function AdminShopsPage() {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const onSearch = useCallback((v: string) => setSearch(v), []);
  const query = trpc.admin.shops.useInfiniteQuery({ search }, { getNextPageParam: (last) => last.nextCursor, placeholderData: (prev) => prev });
  const shops = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total;
  useLoadFailureToast(query.error, 'Failed to load shops', toast.error);

  return (
    <Page title="Shops" subtitle="Activate, deactivate or remove shops." actions={<BackToDashboard />}>
      <div className={styles.toolbar}>
        <SearchBox label="Search shops" placeholder="Name or description" onSearch={onSearch} />
        {total !== undefined && (
          <p className={styles.count} aria-live="polite">
            {total === 1 ? '1 shop' : `${total.toLocaleString()} shops`}
          </p>
        )}
      </div>
      {query.isPending ? (
        <PageSkeleton label="Loading shops..." />
      ) : query.error ? (
        <EmptyState title="Failed to load shops">
          <p>{query.error.message}</p>
        </EmptyState>
      ) : shops.length === 0 ? (
        <EmptyState icon={<Store size={32} />} title="No shops found" />
      ) : (
        <>
          <ul className={styles.list} aria-label="Shops">
            {shops.map((s) => (
              <ShopCard key={s.id} shop={s} />
            ))}
          </ul>
          <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
        </>
      )}
    </Page>
  );
}
