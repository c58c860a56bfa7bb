import type { inferRouterOutputs } from '@trpc/server';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { formatDay } from '../../../shared/cash';
import { statusBadgeTone } from '../../../shared/order-status';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { TextField } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { BackToDashboard } from '../../features/admin/admin-nav';
import * as styles from '../../features/admin/admin.css';
import { OrderCard } from '../../features/orders/order-card';
import * as orderStyles from '../../features/orders/orders.css';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';

type FoundOrder = inferRouterOutputs<AppRouter>['admin']['orders']['items'][number];

/** Whom the order is for and its cash: what support needs beside the card (read-only). */
function AdminOrderDetails({ order }: { order: FoundOrder }) {
  const t = useT(admin);
  const language = useLanguage();
  return (
    <dl className={styles.meta}>
      <dt className={styles.metaTerm}>{t(order.isGuest ? 'admin.orders.guest' : 'admin.orders.buyer')}</dt>
      <dd className={styles.metaValue}>
        <span dir="auto">{order.buyer.name}</span> · <bdi>{order.buyer.email}</bdi> · <bdi>{order.buyer.phone}</bdi>
      </dd>
      {order.cash && (
        <>
          <dt className={styles.metaTerm}>{t('admin.orders.cash')}</dt>
          <dd className={styles.metaValue}>
            {order.cash.receivedOn ? t('admin.orders.cashReceived', { date: formatDay(order.cash.receivedOn, language) }) : t('admin.orders.cashAwaited')}
            {order.cash.reference && (
              <>
                {' · '}
                <bdi>{order.cash.reference}</bdi>
              </>
            )}
          </dd>
        </>
      )}
    </dl>
  );
}

/** /admin/orders: any shop's orders by order number, buyer email or phone; read-only, each search logged. */
export default function AdminOrdersPage() {
  const t = useT(admin);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const found = trpc.admin.orders.useInfiniteQuery({ query }, { enabled: query !== '', getNextPageParam: (last) => last.nextCursor, retry: false });
  const orders = found.data?.pages.flatMap((p) => p.items) ?? [];
  const total = found.data?.pages[0]?.total;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery(text.trim());
  }

  return (
    <Page title={t('admin.orders.title')} subtitle={t('admin.orders.subtitle')} actions={<BackToDashboard />}>
      <form role="search" className={styles.toolbar} onSubmit={onSubmit} noValidate>
        <div className={styles.search}>
          <TextField
            label={t('admin.orders.search')}
            type="search"
            dir="auto"
            placeholder={t('admin.orders.searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={254}
            autoComplete="off"
          />
        </div>
        <Button type="submit">
          <Search size={16} aria-hidden="true" /> {t('admin.orders.submit')}
        </Button>
        {total !== undefined && (
          <p className={styles.count} aria-live="polite">
            {t('admin.orders.count', { count: total })}
          </p>
        )}
      </form>
      {query === '' ? (
        <p className={styles.muted}>{t('admin.orders.prompt')}</p>
      ) : found.isPending ? (
        <PageSkeleton label={t('admin.orders.loading')} />
      ) : found.error ? (
        <EmptyState title={t('admin.orders.failed')}>
          <p role="alert">{errorMessage(found.error)}</p>
        </EmptyState>
      ) : orders.length === 0 ? null : (
        <>
          <ul className={orderStyles.list} aria-label={t('admin.orders.results')}>
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={{ ...order, buyer: null }} tone={statusBadgeTone(order.status)} addressHint={false} actions={<AdminOrderDetails order={order} />} />
              </li>
            ))}
          </ul>
          <LoadMore hasMore={Boolean(found.hasNextPage)} loading={found.isFetchingNextPage} onLoadMore={() => void found.fetchNextPage()} />
        </>
      )}
    </Page>
  );
}
