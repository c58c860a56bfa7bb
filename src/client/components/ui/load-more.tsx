import { useEffect, useRef } from 'react';
import common from '../../i18n/catalogues/en/common';
import { useT } from '../../i18n/language';
import { Button } from './button';

/**
 * "Load more" for long lists: loads the next page when the button scrolls into view, and stays a real
 * button for keyboards and for browsers without IntersectionObserver.
 */
export function LoadMore({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const t = useT(common);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    }, { rootMargin: '400px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore]);

  if (!hasMore) return null;
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '8px 0' }}>
      <Button ref={ref} variant="outline" onClick={() => onLoadMore()} loading={loading}>
        {loading ? t('common.loadingEllipsis') : t('common.loadMore')}
      </Button>
    </div>
  );
}
