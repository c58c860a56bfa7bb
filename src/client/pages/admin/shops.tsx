import type { inferRouterOutputs } from '@trpc/server';
import { Percent, Store, Wallet } from 'lucide-react';
import { useState } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { bpsToTaxPercent } from '../../../shared/schemas/shop';
import { ActiveBadge, ADMIN_LIST_OPTIONS, AdminItem, AdminSearchList, useCount } from '../../features/admin/admin-list';
import * as styles from '../../features/admin/admin.css';
import * as textStyles from '../../components/ui/text.css';
import { ModerationActions } from '../../features/admin/moderation';
import { RecordPaymentDialog } from '../../features/billing/record-payment-dialog';
import { ShopRateDialog } from '../../features/billing/shop-rate-dialog';
import { Button } from '../../components/ui/button';
import billing from '../../i18n/catalogues/en/billing';
import admin from '../../i18n/catalogues/en/admin';
import { useT } from '../../i18n/language';
import { trpc } from '../../trpc';

type AdminShop = inferRouterOutputs<AppRouter>['admin']['shops']['items'][number];

function ShopCard({ shop }: { shop: AdminShop }) {
  const t = useT(admin);
  const productCount = useCount('admin.shops.productCount');
  const utils = trpc.useUtils();
  const setActive = trpc.admin.setShopActive.useMutation();
  const remove = trpc.admin.deleteShop.useMutation();
  const titleId = `shop-${shop.id}`;
  const tb = useT(billing);
  const [recording, setRecording] = useState(false);
  const [rating, setRating] = useState(false);

  return (
    <AdminItem
      titleId={titleId}
      title={shop.name}
      image={{ src: shop.logoUrl, alt: t('admin.shops.logo', { name: shop.name }) }}
      icon={<Store size={28} />}
      badges={<ActiveBadge isActive={shop.isActive} />}
    >
      {shop.description.trim() ? (
        <p className={textStyles.summary} dir="auto">
          {shop.description.trim()}
        </p>
      ) : (
        <p className={textStyles.summary}>{t('admin.shops.noDescription')}</p>
      )}
      <p className={styles.muted}>
        {productCount(shop.productCount)} · <bdi>{shop.ownerEmail}</bdi>
      </p>
      <ModerationActions
        noun="Shop"
        isActive={shop.isActive}
        confirmMessage={t('admin.shops.confirmDelete')}
        viewHref={`/shop/${shop.slug}`}
        describedBy={titleId}
        setActive={{ mutateAsync: (isActive) => setActive.mutateAsync({ id: shop.id, isActive }), isPending: setActive.isPending }}
        remove={{ mutateAsync: () => remove.mutateAsync({ id: shop.id }), isPending: remove.isPending }}
        refresh={() => Promise.all([utils.admin.shops.invalidate(), utils.admin.products.invalidate(), utils.admin.stats.invalidate()])}
      />
      <div className={styles.actions}>
        <Button size="sm" variant="secondary" onClick={() => setRecording(true)} aria-describedby={titleId}>
          <Wallet size={14} aria-hidden="true" /> {tb('billing.record.button')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setRating(true)} aria-describedby={titleId}>
          <Percent size={14} aria-hidden="true" /> {tb('billing.shops.customRate')}
          {shop.commissionRateBps !== null && <> · {bpsToTaxPercent(shop.commissionRateBps)}%</>}
        </Button>
      </div>
      <ShopRateDialog shop={rating ? shop : null} onClose={() => setRating(false)} />
      <RecordPaymentDialog open={recording} onClose={() => setRecording(false)} shop={{ id: shop.id, name: shop.name }} />
    </AdminItem>
  );
}

export default function AdminShopsPage() {
  const t = useT(admin);
  const count = useCount('admin.shops.count');
  const [search, setSearch] = useState('');
  const query = trpc.admin.shops.useInfiniteQuery({ search }, ADMIN_LIST_OPTIONS);
  return (
    <AdminSearchList
      title={t('admin.shops.title')}
      subtitle={t('admin.shops.subtitle')}
      search={{ label: t('admin.shops.search'), placeholder: t('admin.shops.searchPlaceholder') }}
      onSearch={setSearch}
      query={query}
      noun="shops"
      count={count}
      emptyIcon={<Store size={32} />}
      toastFailure
      renderItem={(shop) => <ShopCard key={shop.id} shop={shop} />}
    />
  );
}
