import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { Card, CardHeader } from '../../components/ui/card';
import { SLOT, TextWith } from '../../components/ui/text-with';
import productTexts from '../../i18n/catalogues/en/product';
import { useT } from '../../i18n/language';
import { useCall, usePagedRead, useRead, useReads } from '../../reads';
import { ReviewForm } from './review-form';
import { ReplyForm } from './reply-form';
import { type ReviewItem, ReviewList } from './review-list';
import { useSession } from '../../session';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import * as styles from './reviews.css';

/**
 * Reviews of one product or shop: the form (signed-in users) above the list; updates in place. Only
 * what buyers can see can be reviewed (the server refuses the rest): while it is hidden (its owner or an
 * admin looking), there is the list alone.
 */
export function TargetReviews({
  target,
  signedIn,
  headingId,
  open = true,
  reviewActions,
  shopName,
}: {
  target: { kind: 'product'; productId: number } | { kind: 'shop'; shopId: number };
  signedIn: boolean;
  headingId: string;
  /** Whether buyers can see it, so reviews can be written. */
  open?: boolean;
  /** The shop whose replies are shown ("Reply from {shop}"). */
  shopName: string;
  /** The page's own actions on one review (Report). */
  reviewActions?: (review: ReviewItem) => ReactNode;
}) {
  const t = useT(productTexts);
  const reads = useReads();
  const call = useCall();
  const [saving, setSaving] = useState(false);
  const isProduct = target.kind === 'product';
  const productList = usePagedRead('reviews.productReviews', { productId: isProduct ? target.productId : 0, limit: 10 }, { enabled: isProduct });
  const shopList = usePagedRead('reviews.shopReviews', { shopId: !isProduct ? target.shopId : 0, limit: 10 }, { enabled: !isProduct });
  const mineProduct = useRead('reviews.myProductReview', { productId: isProduct ? target.productId : 0 }, { enabled: open && signedIn && isProduct });
  const mineShop = useRead('reviews.myShopReview', { shopId: !isProduct ? target.shopId : 0 }, { enabled: open && signedIn && !isProduct });

  const { isAdmin } = useSession();
  const toast = useToast();
  const list = isProduct ? productList : shopList;

  /** An admin's Hide or Show of one review (issue 49): it leaves or rejoins the page and the average at once. */
  async function setHidden(review: ReviewItem, hidden: boolean) {
    try {
      await call('reviews.setHidden', { kind: target.kind, id: review.id, hidden });
      await Promise.all([reads.invalidate('reviews.'), reads.invalidate('catalog.')]);
      toast.success(hidden ? t('product.reviews.hiddenDone') : t('product.reviews.shownDone'));
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : t('product.reviews.submitFailed'));
    }
  }
  const canReply = list.data?.pages[0]?.canReply === true;
  async function reply(review: ReviewItem, text: string) {
    await call('reviews.reply', { kind: target.kind, id: review.id, reply: text });
    await reads.invalidate('reviews.');
  }
  const actions = (review: ReviewItem) => (
    <>
      {canReply && <ReplyForm existing={review.reply?.text ?? null} save={(text) => reply(review, text)} />}
      {!review.hidden && !canReply && reviewActions?.(review)}
      {isAdmin && (
        <Button variant="ghost" size="sm" onClick={() => void setHidden(review, !review.hidden)}>
          {review.hidden ? t('product.reviews.show') : t('product.reviews.hide')}
        </Button>
      )}
    </>
  );
  const mine = isProduct ? mineProduct.data : mineShop.data;

  async function save(input: { rating: number; comment: string }) {
    setSaving(true);
    try {
      const result =
        target.kind === 'product'
          ? await call('reviews.saveProductReview', { productId: target.productId, ...input })
          : await call('reviews.saveShopReview', { shopId: target.shopId, ...input });
      await Promise.all([reads.invalidate('reviews.'), reads.invalidate('catalog.')]);
      return result;
    } finally {
      setSaving(false);
    }
  }

  const form = (
    <ReviewForm
      signedIn={signedIn}
      existing={mine}
      save={save}
      saving={saving}
      createdMessage={isProduct ? t('product.reviews.submittedProduct') : t('product.reviews.submittedShop')}
    />
  );

  return (
    <section aria-labelledby={headingId} className={styles.form}>
      {!open ? null : isProduct ? (
        <Card>
          <CardHeader level={3} title={mine ? t('product.reviews.yours') : t('product.reviews.write')} />
          {signedIn ? (
            form
          ) : (
            <>
              {form}
              <p className={styles.muted}>
                <TextWith text={t('product.reviews.signIn', { link: SLOT })}>
                  <Link href="/auth">{t('product.reviews.signInLink')}</Link>
                </TextWith>
              </p>
            </>
          )}
        </Card>
      ) : (
        signedIn && (
          <Card>
            <CardHeader level={3} title={mine ? t('product.reviews.yours') : t('product.reviews.write')} />
            {form}
          </Card>
        )
      )}
      <ReviewList
        reviews={list.data?.pages.flatMap((p) => p.items) ?? []}
        loading={list.isPending}
        hasMore={Boolean(list.hasNextPage)}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        actions={actions}
        shopName={shopName}
      />
    </section>
  );
}
