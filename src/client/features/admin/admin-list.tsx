import type { ReactNode } from 'react';
import { formatNumber } from '../../../shared/i18n/numbers';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadMore } from '../../components/ui/load-more';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import admin from '../../i18n/catalogues/en/admin';
import { useLanguage, useT } from '../../i18n/language';
import { BackToDashboard } from './admin-nav';
import * as styles from './admin.css';
import { useLoadFailureToast } from './failure';
import { SearchBox } from './search-box';

/** What an admin list holds. */
export type ListNoun = 'shops' | 'products' | 'users' | 'sliders';

type Key = keyof typeof admin;

/** Spec section 8's 'Loading shops...', 'Failed to load shops', 'No shops found', for each list. */
const LIST_TEXTS: Record<ListNoun, { loading: Key; failed: Key; empty: Key }> = {
  shops: { loading: 'admin.lists.loading.shops', failed: 'admin.lists.failed.shops', empty: 'admin.lists.empty.shops' },
  products: { loading: 'admin.lists.loading.products', failed: 'admin.lists.failed.products', empty: 'admin.lists.empty.products' },
  users: { loading: 'admin.lists.loading.users', failed: 'admin.lists.failed.users', empty: 'admin.lists.empty.users' },
  sliders: { loading: 'admin.lists.loading.sliders', failed: 'admin.lists.failed.sliders', empty: 'admin.lists.empty.sliders' },
};

/** A list's loading, failure and empty states, then the list itself (spec section 8's texts). */
export function AdminListStates({
  isPending,
  error,
  isEmpty,
  noun,
  emptyIcon,
  children,
}: {
  isPending: boolean;
  error: { message: string } | null;
  isEmpty: boolean;
  /** "shops" gives 'Loading shops...', 'Failed to load shops', 'No shops found'. */
  noun: ListNoun;
  emptyIcon?: ReactNode;
  children: ReactNode;
}) {
  const t = useT(admin);
  const texts = LIST_TEXTS[noun];
  if (isPending) return <PageSkeleton label={t(texts.loading)} />;
  if (error) {
    return (
      <EmptyState title={t(texts.failed)}>
        <p>{error.message}</p>
      </EmptyState>
    );
  }
  if (isEmpty) return <EmptyState icon={emptyIcon} title={t(texts.empty)} />;
  return <>{children}</>;
}

interface SearchPages<T> {
  data?: { pages: Array<{ items: T[]; total: number }> };
  isPending: boolean;
  error: { message: string } | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The options every searchable admin list queries with: the next offset, and the old page while a new search loads. */
export const ADMIN_LIST_OPTIONS = {
  getNextPageParam: (last: { nextCursor: number | null }) => last.nextCursor,
  placeholderData: <P,>(previous: P) => previous,
};

/** /admin/users, /admin/shops, /admin/products: a search box, the SQL count, the list and Load more. */
export function AdminSearchList<T extends { id: number }>({
  title,
  subtitle,
  search,
  onSearch,
  query,
  noun,
  count,
  emptyIcon,
  toastFailure = false,
  renderItem,
}: {
  title: string;
  subtitle: string;
  search: { label: string; placeholder: string };
  onSearch: (value: string) => void;
  query: SearchPages<T>;
  noun: ListNoun;
  /** "1 shop" or "12 shops". */
  count: (total: number) => string;
  emptyIcon?: ReactNode;
  /** Also report a load failure as a toast. */
  toastFailure?: boolean;
  renderItem: (item: T) => ReactNode;
}) {
  const toast = useToast();
  const t = useT(admin);
  const language = useLanguage();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total;
  useLoadFailureToast(toastFailure ? query.error : null, t(LIST_TEXTS[noun].failed), toast.error, language);

  return (
    <Page title={title} subtitle={subtitle} actions={<BackToDashboard />}>
      <div className={styles.toolbar}>
        <SearchBox label={search.label} placeholder={search.placeholder} onSearch={onSearch} />
        {total !== undefined && (
          <p className={styles.count} aria-live="polite">
            {count(total)}
          </p>
        )}
      </div>
      <AdminListStates isPending={query.isPending} error={query.error} isEmpty={items.length === 0} noun={noun} emptyIcon={emptyIcon}>
        <ul className={styles.list} aria-label={title}>
          {items.map(renderItem)}
        </ul>
        <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
      </AdminListStates>
    </Page>
  );
}

/** "1 shop", "1,234 shops": a count of the admin catalogue (`{count, plural, ...}` around `{n}`), its number in the page's language. */
export function useCount(key: 'admin.shops.count' | 'admin.shops.productCount' | 'admin.products.count' | 'admin.users.count'): (total: number) => string {
  const t = useT(admin);
  const language = useLanguage();
  return (total) => t(key, { count: total, n: formatNumber(total, language) });
}

/** One row of an admin list: a thumbnail (or an icon), the title with its badges, then the details. */
export function AdminItem({
  titleId,
  title,
  image,
  icon,
  badges,
  labelled = false,
  children,
}: {
  titleId: string;
  title: string;
  image?: { src: string | null; alt: string };
  icon: ReactNode;
  badges: ReactNode;
  /** Name the card by its title (for cards without a picture of their own). */
  labelled?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <Card padded={false} className={styles.item} aria-labelledby={labelled ? titleId : undefined}>
        {image?.src ? (
          <img className={styles.thumb} src={image.src} alt={image.alt} width={64} height={64} loading="lazy" />
        ) : (
          <span className={styles.thumb} aria-hidden="true">
            {icon}
          </span>
        )}
        <div className={styles.body}>
          <div className={styles.titleRow}>
            <h2 className={styles.itemTitle} id={titleId} dir="auto">
              {title}
            </h2>
            {badges}
          </div>
          {children}
        </div>
      </Card>
    </li>
  );
}

/** The Active / Inactive badge of a shop or product. */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  const t = useT(admin);
  return <Badge tone={isActive ? 'success' : 'secondary'}>{t(isActive ? 'admin.common.active' : 'admin.common.inactive')}</Badge>;
}
