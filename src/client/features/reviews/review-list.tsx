import { MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadMore } from '../../components/ui/load-more';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Stars } from '../../components/ui/stars';
import { formatDate } from '../../../shared/i18n/intl';
import productTexts from '../../i18n/catalogues/en/product';
import { useLanguage, useT } from '../../i18n/language';
import * as styles from './reviews.css';

export interface ReviewItem {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: string;
  fullName: string | null;
  avatarUrl: string | null;
  /** Only in an admin's list: hidden from everyone else. */
  hidden?: boolean;
  reply: { text: string; at: string | null } | null;
  verified: boolean;
}

/** Reviews newest first: avatar (initial fallback 'U'), name or 'Anonymous', stars, comment, date. */
export function ReviewList({
  reviews,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
  actions,
  shopName,
}: {
  reviews: ReviewItem[];
  /** Whose replies these are: "Reply from {shop}". */
  shopName: string;
  /** What can be done to one review (Report; an admin's Hide or Show). */
  actions?: (review: ReviewItem) => ReactNode;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const t = useT(productTexts);
  const language = useLanguage();
  if (loading) return <PageSkeleton label={t('product.reviews.loading')} rows={2} />;
  if (reviews.length === 0) {
    return (
      <EmptyState icon={<MessageSquare size={24} />} title={t('product.reviews.empty')}>
        <p>{t('product.reviews.beFirst')}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label={t('product.reviews.list')}>
        {reviews.map((review) => {
          const name = review.fullName ?? t('product.reviews.anonymous');
          return (
            <li key={review.id} className={styles.item}>
              <span className={styles.avatar} aria-hidden="true">
                {review.avatarUrl ? <img className={styles.avatarImg} src={review.avatarUrl} alt="" /> : (review.fullName?.charAt(0).toUpperCase() ?? t('product.reviews.initial'))}
              </span>
              <div>
                <div className={styles.head}>
                  <span className={styles.name} dir="auto">
                    {name}
                  </span>
                  <time className={styles.date} dateTime={review.createdAt}>
                    {formatDate(review.createdAt, language, 'date')}
                  </time>
                  {review.verified && <Badge tone="success">{t('product.reviews.verified')}</Badge>}
                  {review.hidden && <Badge tone="danger">{t('product.reviews.hidden')}</Badge>}
                </div>
                <Stars value={review.rating} size={14} showValue={false} />
                {review.comment && (
                  <p className={styles.comment} dir="auto">
                    {review.comment}
                  </p>
                )}
                {review.reply && (
                  <div className={styles.reply}>
                    <p className={styles.replyFrom} dir="auto">
                      {t('product.reviews.replyFrom', { shop: shopName })}
                    </p>
                    <p className={styles.comment} dir="auto">
                      {review.reply.text}
                    </p>
                  </div>
                )}
                {actions && <div className={styles.actions}>{actions(review)}</div>}
              </div>
            </li>
          );
        })}
      </ul>
      <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={onLoadMore} />
    </>
  );
}
