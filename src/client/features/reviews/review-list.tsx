import { MessageSquare } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadMore } from '../../components/ui/load-more';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Stars } from '../../components/ui/stars';
import * as styles from './reviews.css';

export interface ReviewItem {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: string;
  fullName: string | null;
  avatarUrl: string | null;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Reviews newest first: avatar (initial fallback 'U'), name or 'Anonymous', stars, comment, date. */
export function ReviewList({
  reviews,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  reviews: ReviewItem[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  if (loading) return <PageSkeleton label="Loading reviews..." rows={2} />;
  if (reviews.length === 0) {
    return (
      <EmptyState icon={<MessageSquare size={24} />} title="No reviews yet">
        <p>Be the first to share your experience.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label="Reviews">
        {reviews.map((review) => {
          const name = review.fullName ?? 'Anonymous';
          return (
            <li key={review.id} className={styles.item}>
              <span className={styles.avatar} aria-hidden="true">
                {review.avatarUrl ? <img className={styles.avatarImg} src={review.avatarUrl} alt="" /> : (review.fullName?.charAt(0).toUpperCase() ?? 'U')}
              </span>
              <div>
                <div className={styles.head}>
                  <span className={styles.name}>{name}</span>
                  <time className={styles.date} dateTime={review.createdAt}>
                    {dateFormat.format(new Date(review.createdAt))}
                  </time>
                </div>
                <Stars value={review.rating} size={14} showValue={false} />
                {review.comment && <p className={styles.comment}>{review.comment}</p>}
              </div>
            </li>
          );
        })}
      </ul>
      <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={onLoadMore} />
    </>
  );
}
