import { type FormEvent, useEffect, useState } from 'react';
import { isRating, REVIEW_COMMENT_MAX } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import productTexts from '../../i18n/catalogues/en/product';
import { useT } from '../../i18n/language';
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
  const t = useT(productTexts);
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
      toast.error(t('product.reviews.loginRequired'));
      return;
    }
    if (!isRating(rating)) {
      toast.error(t('product.reviews.selectRating'));
      return;
    }
    try {
      const result = await save({ rating, comment: comment.trim() });
      toast.success(result.updated ? t('product.reviews.updated') : createdMessage);
    } catch {
      toast.error(t('product.reviews.submitFailed'));
    }
  }

  const updating = Boolean(existing);
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={updating ? t('product.reviews.updateForm') : t('product.reviews.writeForm')}>
      <StarInput value={rating} onChange={setRating} />
      <TextAreaField
        label={t('product.reviews.comment')}
        placeholder={t('product.reviews.commentPlaceholder')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={REVIEW_COMMENT_MAX}
        rows={3}
      />
      <div>
        <Button type="submit" loading={saving}>
          {updating ? t('product.reviews.update') : t('product.reviews.submit')}
        </Button>
      </div>
    </form>
  );
}
