import { useState } from 'react';
import { Link } from 'wouter';
import { Card, CardHeader } from '../../components/ui/card';
import { SLOT, TextWith } from '../../components/ui/text-with';
import productTexts from '../../i18n/catalogues/en/product';
import { useT } from '../../i18n/language';
import { useCall, usePagedRead, useRead, useReads } from '../../reads';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';
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
}: {
  target: { kind: 'product'; productId: number } | { kind: 'shop'; shopId: number };
  signedIn: boolean;
  headingId: string;
  /** Whether buyers can see it, so reviews can be written. */
  open?: boolean;
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

  const list = isProduct ? productList : shopList;
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
      />
    </section>
  );
}
