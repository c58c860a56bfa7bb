import { describe, expect, it } from 'vitest';
import { Reads } from './reads';
import { slowFirstRead } from './testing/slow-first-read';

describe("a public page's read whose answer is on its way when a write makes it stale", () => {
  it('is shown, kept stale, and asked again while on screen', async () => {
    let reviews = 1;
    // The server reads the product's reviews as the request arrives; the first answer is slow.
    const read = slowFirstRead(() => ({ count: reviews }));
    const reads = new Reads(read.queryFn, { retries: 0 });
    const key = 'reviews.productReviews:{"productId":1}';
    const fetch = () => reads.fetch(key, 'reviews.productReviews', { productId: 1 });
    reads.refetcher(key, fetch);
    const unmount = reads.mount(key);
    const first = fetch();

    // The buyer posts a review, and the page marks the reviews stale (features/reviews/target-reviews.tsx).
    reviews = 2;
    await reads.invalidate('reviews.');
    read.answerFirst();
    await first;

    await expect.poll(() => reads.get(key)?.data).toEqual({ count: 2 });
    expect(read.reads()).toBe(2);
    unmount();
  });

  it('is stale when it lands off screen, so the next reader asks again', async () => {
    const read = slowFirstRead(() => ({ count: 1 }));
    const reads = new Reads(read.queryFn, { retries: 0 });
    const key = 'catalog.product:{"slug":"tee"}';
    const first = reads.fetch(key, 'catalog.product', { slug: 'tee' });
    await reads.invalidate('catalog.', false);
    read.answerFirst();
    await first;
    expect(reads.get(key)).toMatchObject({ status: 'success', data: { count: 1 }, updatedAt: 0, fetching: false });
  });
});
