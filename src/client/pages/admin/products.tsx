import type { inferRouterOutputs } from '@trpc/server';
import { Package } from 'lucide-react';
import { useState } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { formatMoney } from '../../../shared/money';
import { ActiveBadge, ADMIN_LIST_OPTIONS, AdminItem, AdminSearchList, countOf } from '../../features/admin/admin-list';
import * as styles from '../../features/admin/admin.css';
import { ModerationActions } from '../../features/admin/moderation';
import { trpc } from '../../trpc';

type AdminProduct = inferRouterOutputs<AppRouter>['admin']['products']['items'][number];

function ProductCard({ product }: { product: AdminProduct }) {
  const utils = trpc.useUtils();
  const setActive = trpc.admin.setProductActive.useMutation();
  const remove = trpc.admin.deleteProduct.useMutation();
  const titleId = `product-${product.id}`;

  return (
    <AdminItem
      titleId={titleId}
      title={product.name}
      image={{ src: product.imageUrl, alt: product.name }}
      icon={<Package size={28} />}
      badges={<ActiveBadge isActive={product.isActive} />}
    >
      <p className={styles.muted}>
        {product.shopName}
        {!product.shopActive && ' (shop inactive)'}
        {!product.ownerActive && ' · switched off by its shop'}
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
    </AdminItem>
  );
}

export default function AdminProductsPage() {
  const [search, setSearch] = useState('');
  const query = trpc.admin.products.useInfiniteQuery({ search }, ADMIN_LIST_OPTIONS);
  return (
    <AdminSearchList
      title="Products"
      subtitle="Activate, deactivate or remove products of every shop."
      search={{ label: 'Search products', placeholder: 'Name, brand or shop' }}
      onSearch={setSearch}
      query={query}
      noun="products"
      count={countOf('product', 'products')}
      emptyIcon={<Package size={32} />}
      toastFailure
      renderItem={(product) => <ProductCard key={product.id} product={product} />}
    />
  );
}
