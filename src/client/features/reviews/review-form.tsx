import { type FormEvent, useEffect, useState } from 'react';
import { REVIEW_COMMENT_MAX, ratingSchema } from '../../../shared/schemas/review';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { StarInput } from './star-input';
import * as styles from './reviews.css';

/**
 * The review form: starts with no stars (rating 0) so 'Please select a rating' can appear; in update
 * mode when the user already reviewed. `save` returns whether an existing review was updated.
 */
export function ReviewForm({
  signedIn,
  existing,
  save,
  saving,
  createdMessage,
}: {
  signedIn: boolean;
  existing: { rating: number; comment: string | null } | null | undefined;
  save: (input: { rating: number; comment: string }) => Promise<{ updated: boolean }>;
  saving: boolean;
  createdMessage: string;
}) {
  const toast = useToast();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');

  useEffect(() => {
    if (existing) {
      setRating(existing.rating);
      setComment(existing.comment ?? '');
    }
  }, [existing]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!signedIn) {
      toast.error('Please login to leave a review');
      return;
    }
    if (!ratingSchema.safeParse(rating).success) {
      toast.error('Please select a rating');
      return;
    }
    try {
      const result = await save({ rating, comment: comment.trim() });
      toast.success(result.updated ? 'Review updated' : createdMessage);
    } catch {
      toast.error('Error submitting review');
    }
  }

  const updating = Boolean(existing);
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={updating ? 'Update your review' : 'Write a review'}>
      <StarInput value={rating} onChange={setRating} />
      <TextAreaField
        label="Comment (optional)"
        placeholder="Share your experience..."
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={REVIEW_COMMENT_MAX}
        rows={3}
      />
      <div>
        <Button type="submit" loading={saving}>
          {updating ? 'Update Review' : 'Submit Review'}
        </Button>
      </div>
    </form>
  );
}
