import { dehydrate, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { hydratePageData, PAGE_DATA_ID, pageDataJson } from './page-data';

const HOSTILE = 'Tee </script><script>alert(1)</script> <!-- & \u2028\u2029 end';

/** A server's cache: one answer and one "not found", as the renderer leaves them. */
async function serverCache() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.prefetchQuery({ queryKey: [['catalog', 'product'], { input: { slug: 'tee' }, type: 'query' }], queryFn: () => ({ name: HOSTILE }) });
  const notFound = TRPCClientError.from({ error: { message: 'Product not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } } });
  await client.prefetchQuery({
    queryKey: [['catalog', 'product'], { input: { slug: 'nope' }, type: 'query' }],
    queryFn: () => Promise.reject(notFound),
  });
  return dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
}

/** The element's text as the browser's parser would read it: up to the first "</script". */
function scriptText(json: string): string {
  const html = `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
  return /<script[^>]*>([\s\S]*?)<\/script/i.exec(html)?.[1] ?? '';
}

describe('page data', () => {
  it('is JSON that no text can break out of its <script> element', async () => {
    const json = pageDataJson(await serverCache());
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    const parsed = JSON.parse(scriptText(json)) as { queries: Array<{ state: { data?: { name: string }; error?: unknown } }> };
    expect(parsed.queries[0]?.state.data?.name).toBe(HOSTILE);
    // A failure keeps only the shape the API would have answered with.
    expect(parsed.queries[1]?.state.error).toEqual({ message: 'Product not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } });
  });

  it('fills the browser cache with fresh answers and the failures the page shows', async () => {
    const text = scriptText(pageDataJson(await serverCache()));
    const doc = { getElementById: (id: string) => (id === PAGE_DATA_ID ? { textContent: text } : null) } as unknown as Document;
    const client = new QueryClient();
    const before = Date.now();
    expect(hydratePageData(client, doc)).toBe(true);

    const found = client.getQueryCache().find({ queryKey: [['catalog', 'product'], { input: { slug: 'tee' }, type: 'query' }] });
    expect(found?.state.data).toEqual({ name: HOSTILE });
    expect(found?.state.dataUpdatedAt).toBeGreaterThanOrEqual(before);

    const key = [['catalog', 'product'], { input: { slug: 'nope' }, type: 'query' }];
    const missing = client.getQueryCache().find({ queryKey: key });
    expect(missing?.state.status).toBe('error');
    expect(missing?.state.error).toBeInstanceOf(TRPCClientError);
    expect((missing?.state.error as TRPCClientError<never>).data).toMatchObject({ code: 'NOT_FOUND' });
    expect(client.getQueryDefaults(key).retryOnMount).toBe(false);

    const empty = { getElementById: () => null } as unknown as Document;
    expect(hydratePageData(new QueryClient(), empty)).toBe(false);
  });
});
