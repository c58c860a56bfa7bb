import type { inferRouterOutputs } from '@trpc/server';
import { Package } from 'lucide-react';
import { useState } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { formatMoney } from '../../../shared/money';
import { ActiveBadge, ADMIN_LIST_OPTIONS, AdminItem, AdminSearchList, useCount } from '../../features/admin/admin-list';
import * as styles from '../../features/admin/admin.css';
import { ModerationActions } from '../../features/admin/moderation';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';

type AdminProduct = inferRouterOutputs<AppRouter>['admin']['products']['items'][number];

function ProductCard({ product }: { product: AdminProduct }) {
  const t = useT(admin);
  const language = useLanguage();
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
        <span dir="auto">{product.shopName}</span>
        {!product.shopActive && t('admin.products.shopInactive')}
        {!product.ownerActive && t('admin.products.ownerOff')}
      </p>
      <p>
        <bdi className={styles.price}>{formatMoney(product.sellingPrice, product.currency, language)}</bdi>
        <span className={styles.muted}>{t('admin.products.stock', { stock: product.stock })}</span>
      </p>
      <ModerationActions
        noun="Product"
        isActive={product.isActive}
        confirmMessage={t('admin.products.confirmDelete')}
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
  const t = useT(admin);
  const count = useCount('admin.products.count');
  const [search, setSearch] = useState('');
  const query = trpc.admin.products.useInfiniteQuery({ search }, ADMIN_LIST_OPTIONS);
  return (
    <AdminSearchList
      title={t('admin.products.title')}
      subtitle={t('admin.products.subtitle')}
      search={{ label: t('admin.products.search'), placeholder: t('admin.products.searchPlaceholder') }}
      onSearch={setSearch}
      query={query}
      noun="products"
      count={count}
      emptyIcon={<Package size={32} />}
      toastFailure
      renderItem={(product) => <ProductCard key={product.id} product={product} />}
    />
  );
}
