import { describe, expect, it } from 'vitest';
import { hydratePageData, PAGE_DATA_ID, pageDataJson } from './page-data';
import { ApiError, type Caller, Reads } from './reads';

const HOSTILE = 'Tee </script><script>alert(1)</script> <!-- & \u2028\u2029 end';
const NOT_FOUND = { message: 'Product not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } };

/** A server's cache: one answer and one "not found", as the renderer leaves them. */
async function serverReads() {
  const call: Caller = async (_type, _path, input) => {
    if ((input as { slug: string }).slug === 'tee') return { name: HOSTILE };
    throw new ApiError(NOT_FOUND);
  };
  const reads = new Reads(call, { retries: 0, server: true });
  await reads.fetch('catalog.product:{"slug":"tee"}', 'catalog.product', { slug: 'tee' });
  await reads.fetch('catalog.product:{"slug":"nope"}', 'catalog.product', { slug: 'nope' });
  return reads;
}

/** The element's text as the browser's parser would read it: up to the first "</script". */
function scriptText(json: string): string {
  const html = `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
  return /<script[^>]*>([\s\S]*?)<\/script/i.exec(html)?.[1] ?? '';
}

describe('page data', () => {
  it('is JSON that no text can break out of its <script> element', async () => {
    const reads = await serverReads();
    expect(reads.status()).toBe(404);
    const json = pageDataJson(reads.dehydrate());
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    const parsed = JSON.parse(scriptText(json)) as { reads: Array<[string, { data?: { name: string }; error?: unknown }]> };
    expect(parsed.reads[0]?.[1].data?.name).toBe(HOSTILE);
    // A failure keeps only the shape the API would have answered with.
    expect(parsed.reads[1]?.[1].error).toEqual(NOT_FOUND);
  });

  it('fills the browser cache with fresh answers and the failures the page shows', async () => {
    const text = scriptText(pageDataJson((await serverReads()).dehydrate()));
    const doc = { getElementById: (id: string) => (id === PAGE_DATA_ID ? { textContent: text } : null) } as unknown as Document;
    const reads = new Reads(() => Promise.reject(new Error('the browser asked the API')));
    const before = Date.now();
    expect(hydratePageData(reads, doc)).toBe(true);

    const found = reads.get('catalog.product:{"slug":"tee"}');
    expect(found?.data).toEqual({ name: HOSTILE });
    expect(found?.updatedAt).toBeGreaterThanOrEqual(before);

    const missing = reads.get('catalog.product:{"slug":"nope"}');
    expect(missing?.status).toBe('error');
    expect(missing?.error).toBeInstanceOf(ApiError);
    expect(missing?.error?.data).toMatchObject({ code: 'NOT_FOUND' });
    expect(missing?.keep).toBe(true);

    const empty = { getElementById: () => null } as unknown as Document;
    expect(hydratePageData(new Reads(() => Promise.resolve(null)), empty)).toBe(false);
  });
});
