import { Link } from 'wouter';
import { Card, CardHeader } from '../../components/ui/card';
import { SLOT, TextWith } from '../../components/ui/text-with';
import productTexts from '../../i18n/catalogues/en/product';
import { useT } from '../../i18n/language';
import { trpc } from '../../trpc';
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
  const utils = trpc.useUtils();
  const isProduct = target.kind === 'product';
  const productList = trpc.reviews.productReviews.useInfiniteQuery(
    { productId: isProduct ? target.productId : 0, limit: 10 },
    { enabled: isProduct, getNextPageParam: (last) => last.nextCursor },
  );
  const shopList = trpc.reviews.shopReviews.useInfiniteQuery(
    { shopId: !isProduct ? target.shopId : 0, limit: 10 },
    { enabled: !isProduct, getNextPageParam: (last) => last.nextCursor },
  );
  const mineProduct = trpc.reviews.myProductReview.useQuery({ productId: isProduct ? target.productId : 0 }, { enabled: open && signedIn && isProduct });
  const mineShop = trpc.reviews.myShopReview.useQuery({ shopId: !isProduct ? target.shopId : 0 }, { enabled: open && signedIn && !isProduct });
  const saveProduct = trpc.reviews.saveProductReview.useMutation();
  const saveShop = trpc.reviews.saveShopReview.useMutation();

  const list = isProduct ? productList : shopList;
  const mine = isProduct ? mineProduct.data : mineShop.data;

  async function save(input: { rating: number; comment: string }) {
    const result =
      target.kind === 'product'
        ? await saveProduct.mutateAsync({ productId: target.productId, ...input })
        : await saveShop.mutateAsync({ shopId: target.shopId, ...input });
    await Promise.all([utils.reviews.invalidate(), utils.catalog.invalidate()]);
    return result;
  }

  const form = (
    <ReviewForm
      signedIn={signedIn}
      existing={mine}
      save={save}
      saving={saveProduct.isPending || saveShop.isPending}
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
