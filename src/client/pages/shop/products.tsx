import { ImageIcon, Package, Pencil, Plus, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { LOW_STOCK_BELOW, type ProductUnit } from '../../../shared/constants';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { TextField } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Page } from '../../components/ui/page';
import { Price } from '../../components/ui/price';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { switchInput } from '../../components/ui/field.css';
import * as styles from '../../features/shop/list.css';
import shop from '../../i18n/catalogues/en/shop';
import { useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import { useSession } from '../../session';
import { TrialGate } from '../../features/shop/trial-expired-dialog';
import { CatalogueTransfer } from '../../features/product-transfer/transfer-actions';

/** The unit after a stock count ("Stock: 12 pieces"). */
const UNIT: Record<ProductUnit, keyof typeof shop> = {
  pieces: 'shop.products.unit.pieces',
  kg: 'shop.products.unit.kg',
  liters: 'shop.products.unit.liters',
  meters: 'shop.products.unit.meters',
};

export default function ShopProductsPage() {
  const isOwner = useSession().shopRole === 'owner';
  const toast = useToast();
  const t = useT(shop);
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const query = trpc.products.list.useInfiniteQuery(term ? { search: term } : {}, {
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
  const remove = trpc.products.delete.useMutation();
  const setActive = trpc.products.setActive.useMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const products = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  async function onDelete(id: number, name: string) {
    const ok = await confirm({ title: t('shop.products.deleteTitle', { name }), message: t('shop.products.deleteMessage'), confirmLabel: t('shop.products.delete') });
    if (!ok) return;
    setBusy(id);
    try {
      await remove.mutateAsync({ id });
      toast.success(t('shop.products.deleted'));
      await Promise.all([utils.products.list.invalidate(), utils.shops.dashboard.invalidate()]);
    } catch (error) {
      toast.error(errorMessage(error, t('shop.products.deleteFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function onToggle(id: number, active: boolean) {
    setBusy(id);
    try {
      const result = await setActive.mutateAsync({ id, active });
      // The owner's switch never lifts an admin's takedown (product-decisions 4): say so rather than imply it is live.
      if (active && result.hiddenByAdmin) toast.info(t('shop.products.activatedButHidden'));
      else toast.success(t(active ? 'shop.products.activated' : 'shop.products.deactivated'));
      await utils.products.list.invalidate();
    } catch (error) {
      toast.error(errorMessage(error, t('shop.products.statusFailed')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Page
      title={t('shop.products.title')}
      subtitle={query.data ? t('shop.products.subtitle', { count: total }) : t('shop.products.subtitleLoading')}
      actions={
        <ButtonLink href="/shop/products/create">
          <Plus size={18} aria-hidden="true" /> {t('shop.common.addProduct')}
        </ButtonLink>
      }
    >
      <TrialGate />
      <CatalogueTransfer exports={isOwner} onImported={() => void Promise.all([utils.products.list.invalidate(), utils.shops.dashboard.invalidate()])} />
      {(total > 0 || term) && (
        <div style={{ maxWidth: 360 }}>
          <TextField
            label={t('shop.products.search')}
            type="search"
            dir="auto"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            placeholder={t('shop.products.searchPlaceholder')}
          />
        </div>
      )}
      {query.isPending ? (
        <PageSkeleton label={t('shop.products.loading')} />
      ) : query.error ? (
        <Card role="alert">{errorMessage(query.error, t('shop.products.loadFailed'))}</Card>
      ) : products.length === 0 && term ? (
        <EmptyState icon={<Package size={32} />} title={t('shop.products.none')}>
          <p>{t('shop.products.noMatch', { term })}</p>
        </EmptyState>
      ) : products.length === 0 ? (
        <EmptyState icon={<Package size={32} />} title={t('shop.products.none')}>
          <p>{t('shop.products.addFirst')}</p>
          <ButtonLink href="/shop/products/create">{t('shop.common.addProduct')}</ButtonLink>
        </EmptyState>
      ) : (
        <>
          <ul className={styles.list} aria-label={t('shop.products.list')}>
            {products.map((p) => (
              <li key={p.id}>
                <Card padded={false} className={styles.productRow} aria-label={p.name}>
                  {p.thumbUrl ? (
                    <img src={p.thumbUrl} alt="" className={styles.thumb} loading="lazy" width={80} height={80} />
                  ) : (
                    <span className={styles.thumb} aria-hidden="true">
                      <ImageIcon size={24} />
                    </span>
                  )}
                  <div className={styles.info}>
                    <span className={styles.name} dir="auto">
                      {p.name}
                    </span>
                    <Price amount={p.sellingPrice} currency={p.currency} discount={p.discount} />
                    <span className={styles.meta}>
                      <span>
                        {p.variantCount > 0
                          ? t('shop.products.stockVariants', { stock: p.stock, count: p.variantCount })
                          : t('shop.products.stockUnit', { stock: p.stock, unit: t(UNIT[p.unit]) })}
                      </span>
                      {p.stock === 0 ? (
                        <Badge tone="danger">{t('shop.products.outOfStock')}</Badge>
                      ) : p.stock < LOW_STOCK_BELOW || (p.lowestVariantStock !== null && p.lowestVariantStock < LOW_STOCK_BELOW) ? (
                        <Badge tone="warning">{t(p.stock < LOW_STOCK_BELOW ? 'shop.products.lowStock' : 'shop.products.lowStockVariant')}</Badge>
                      ) : null}
                      {/* Buyers waiting for it to be back in stock (issue 50). */}
                      {p.waiting > 0 && (
                        <Badge tone="accent" title={t('shop.products.waitingHint')}>
                          {t('shop.products.waiting', { count: p.waiting })}
                        </Badge>
                      )}
                      {/* A takedown outranks the owner's switch: "Active" beside it would read as public. */}
                      {p.hiddenByAdmin ? (
                        <Badge tone="danger">{t('shop.products.hiddenByAdmin')}</Badge>
                      ) : (
                        <Badge tone={p.isActive ? 'success' : 'secondary'}>{t(p.isActive ? 'shop.common.active' : 'shop.common.inactive')}</Badge>
                      )}
                      {p.category && <span dir="auto">{p.category}</span>}
                    </span>
                  </div>
                  <div className={styles.actions}>
                    <label className={styles.toggle}>
                      <input
                        type="checkbox"
                        role="switch"
                        className={switchInput}
                        checked={p.isActive}
                        disabled={busy === p.id}
                        onChange={(e) => onToggle(p.id, e.currentTarget.checked)}
                        aria-label={t('shop.products.activeSwitch', { name: p.name })}
                      />
                      {t('shop.common.active')}
                    </label>
                    <ButtonLink href={`/shop/products/edit/${p.id}`} variant="outline" size="sm" aria-label={t('shop.products.editNamed', { name: p.name })}>
                      <Pencil size={16} aria-hidden="true" /> {t('shop.products.edit')}
                    </ButtonLink>
                    {/* Deleting is the owner's (issue 51): staff may create and edit. */}
                    {isOwner && (
                      <Button variant="danger" size="sm" onClick={() => onDelete(p.id, p.name)} loading={busy === p.id && remove.isPending} aria-label={t('shop.products.deleteNamed', { name: p.name })}>
                        <Trash2 size={16} aria-hidden="true" /> {t('shop.products.delete')}
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
        </>
      )}
    </Page>
  );
}
