import type { inferRouterOutputs } from '@trpc/server';
import { Store } from 'lucide-react';
import { useState } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { ActiveBadge, ADMIN_LIST_OPTIONS, AdminItem, AdminSearchList, countOf } from '../../features/admin/admin-list';
import * as styles from '../../features/admin/admin.css';
import * as textStyles from '../../components/ui/text.css';
import { ModerationActions } from '../../features/admin/moderation';
import { trpc } from '../../trpc';

type AdminShop = inferRouterOutputs<AppRouter>['admin']['shops']['items'][number];

function ShopCard({ shop }: { shop: AdminShop }) {
  const utils = trpc.useUtils();
  const setActive = trpc.admin.setShopActive.useMutation();
  const remove = trpc.admin.deleteShop.useMutation();
  const titleId = `shop-${shop.id}`;

  return (
    <AdminItem
      titleId={titleId}
      title={shop.name}
      image={{ src: shop.logoUrl, alt: `${shop.name} logo` }}
      icon={<Store size={28} />}
      badges={<ActiveBadge isActive={shop.isActive} />}
    >
      <p className={textStyles.summary}>{shop.description.trim() || 'No description'}</p>
      <p className={styles.muted}>
        {countOf('product', 'products')(shop.productCount)} · {shop.ownerEmail}
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
    </AdminItem>
  );
}

export default function AdminShopsPage() {
  const [search, setSearch] = useState('');
  const query = trpc.admin.shops.useInfiniteQuery({ search }, ADMIN_LIST_OPTIONS);
  return (
    <AdminSearchList
      title="Shops"
      subtitle="Activate, deactivate or remove shops."
      search={{ label: 'Search shops', placeholder: 'Name or description' }}
      onSearch={setSearch}
      query={query}
      noun="shops"
      count={countOf('shop', 'shops')}
      emptyIcon={<Store size={32} />}
      toastFailure
      renderItem={(shop) => <ShopCard key={shop.id} shop={shop} />}
    />
  );
}
