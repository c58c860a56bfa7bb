import { ImageIcon, Package, Pencil, Plus, Trash2 } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { LOW_STOCK_BELOW } from '../../../shared/constants';
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
import { errorMessage, trpc } from '../../trpc';
import { TrialGate } from '../../features/shop/trial-expired-dialog';

export default function ShopProductsPage() {
  const toast = useToast();
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
    const ok = await confirm({ title: `Delete ${name}?`, message: 'Are you sure you want to delete this product?', confirmLabel: 'Delete' });
    if (!ok) return;
    setBusy(id);
    try {
      await remove.mutateAsync({ id });
      toast.success('Product deleted successfully');
      await Promise.all([utils.products.list.invalidate(), utils.shops.dashboard.invalidate()]);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete product'));
    } finally {
      setBusy(null);
    }
  }

  async function onToggle(id: number, active: boolean) {
    setBusy(id);
    try {
      const result = await setActive.mutateAsync({ id, active });
      // The owner's switch never lifts an admin's takedown (product-decisions 4): say so rather than imply it is live.
      if (active && result.hiddenByAdmin) toast.info('Product activated, but buyers still cannot see it: it is hidden by an administrator');
      else toast.success(active ? 'Product activated successfully' : 'Product deactivated successfully');
      await utils.products.list.invalidate();
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update product status'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Page
      title="Products"
      subtitle={query.data ? `${total} product${total === 1 ? '' : 's'} in your shop` : 'Everything your shop sells.'}
      actions={
        <ButtonLink href="/shop/products/create">
          <Plus size={18} aria-hidden="true" /> Add Product
        </ButtonLink>
      }
    >
      <TrialGate />
      {(total > 0 || term) && (
        <div style={{ maxWidth: 360 }}>
          <TextField label="Search products" type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} placeholder="Name..." />
        </div>
      )}
      {query.isPending ? (
        <PageSkeleton label="Loading products..." />
      ) : query.error ? (
        <Card role="alert">{errorMessage(query.error, 'Failed to load products')}</Card>
      ) : products.length === 0 && term ? (
        <EmptyState icon={<Package size={32} />} title="No products found">
          <p>No product name contains “{term}”.</p>
        </EmptyState>
      ) : products.length === 0 ? (
        <EmptyState icon={<Package size={32} />} title="No products found">
          <p>Add your first product to start selling.</p>
          <ButtonLink href="/shop/products/create">Add Product</ButtonLink>
        </EmptyState>
      ) : (
        <>
          <ul className={styles.list} aria-label="Your products">
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
                    <span className={styles.name}>{p.name}</span>
                    <Price amount={p.sellingPrice} currency={p.currency} discount={p.discount} />
                    <span className={styles.meta}>
                      <span>{p.variantCount > 0 ? `Stock: ${p.stock} (${p.variantCount} variants)` : `Stock: ${p.stock} ${p.unit}`}</span>
                      {p.stock === 0 ? (
                        <Badge tone="danger">Out of stock</Badge>
                      ) : p.stock < LOW_STOCK_BELOW || (p.lowestVariantStock !== null && p.lowestVariantStock < LOW_STOCK_BELOW) ? (
                        <Badge tone="warning">{p.stock < LOW_STOCK_BELOW ? 'Low Stock' : 'Low Stock in a variant'}</Badge>
                      ) : null}
                      {/* A takedown outranks the owner's switch: "Active" beside it would read as public. */}
                      {p.hiddenByAdmin ? (
                        <Badge tone="danger">Hidden by an administrator</Badge>
                      ) : (
                        <Badge tone={p.isActive ? 'success' : 'secondary'}>{p.isActive ? 'Active' : 'Inactive'}</Badge>
                      )}
                      {p.category && <span>{p.category}</span>}
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
                        aria-label={`${p.name} active`}
                      />
                      Active
                    </label>
                    <ButtonLink href={`/shop/products/edit/${p.id}`} variant="outline" size="sm" aria-label={`Edit ${p.name}`}>
                      <Pencil size={16} aria-hidden="true" /> Edit
                    </ButtonLink>
                    <Button variant="danger" size="sm" onClick={() => onDelete(p.id, p.name)} loading={busy === p.id && remove.isPending} aria-label={`Delete ${p.name}`}>
                      <Trash2 size={16} aria-hidden="true" /> Delete
                    </Button>
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
