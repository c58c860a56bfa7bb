import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { slowFirstRead } from './testing/slow-first-read';
import { createQueryClient } from './trpc';

describe('a read whose first answer is under way when a write succeeds', () => {
  it('is asked again, not kept with what it read before the write', async () => {
    const queryClient = createQueryClient();
    let status = 'Active';
    const read = slowFirstRead(() => status);
    // A screen's list for a search just typed: its first fetch starts.
    const list = new QueryObserver(queryClient, { queryKey: ['admin.shops', { search: 'Shop 1' }], queryFn: read.queryFn });
    const unsubscribe = list.subscribe(() => {});
    expect(read.reads()).toBe(1);

    // The admin deactivates the shop, and the screen asks for its lists again (admin/moderation.tsx).
    await new MutationObserver(queryClient, { mutationFn: async () => void (status = 'Inactive') }).mutate();
    const askedAgain = queryClient.invalidateQueries({ queryKey: ['admin.shops'] });
    read.answerFirst();
    await askedAgain;

    await vi.waitFor(() => expect(list.getCurrentResult().data).toBe('Inactive'));
    expect(read.reads()).toBe(2);
    unsubscribe();
    queryClient.clear();
  });

  it('is asked again when the write was made elsewhere and nothing asks for the read', async () => {
    const queryClient = createQueryClient();
    let stock = 5;
    const read = slowFirstRead(() => stock);
    const product = new QueryObserver(queryClient, { queryKey: ['products.byId', { id: 1 }], queryFn: read.queryFn });
    const unsubscribe = product.subscribe(() => {});
    await new MutationObserver(queryClient, { mutationFn: async () => void (stock = 4) }).mutate();
    read.answerFirst();

    await vi.waitFor(() => expect(product.getCurrentResult().data).toBe(4));
    expect(read.reads()).toBe(2);
    unsubscribe();
    queryClient.clear();
  });
});
