import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';

/**
 * A server-rendered page carries the answers its first render used, as React Query's dehydrated
 * state in `<script type="application/json" id="page-data">`: the browser starts from them, so the
 * first render is the server's and asks the API nothing.
 */
export const PAGE_DATA_ID = 'page-data';

/** What a failed query keeps of its TRPCClientError: the shape the API would have answered with. */
interface ErrorShape {
  message: string;
  code: number;
  data?: unknown;
}

function isErrorShape(value: unknown): value is ErrorShape {
  return typeof value === 'object' && value !== null && typeof (value as ErrorShape).message === 'string' && typeof (value as ErrorShape).code === 'number';
}

/**
 * The state as JSON that is safe inside a <script> element: `<`, `>` and `&` are escaped (no
 * `</script>` or `<!--` can end or change it) and so are U+2028 and U+2029 (line terminators to
 * older JavaScript parsers). Errors keep only their shape, which is what the API would have sent.
 */
export function pageDataJson(state: DehydratedState): string {
  const queries = state.queries.map((query) => {
    const error = query.state.error as { shape?: unknown } | null;
    if (!error) return query;
    const shape: ErrorShape = isErrorShape(error.shape) ? error.shape : { message: 'Something went wrong. Please try again.', code: -32603 };
    return { ...query, state: { ...query.state, error: shape, fetchFailureReason: null } };
  });
  return JSON.stringify({ queries, mutations: [] }).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Puts a server-rendered page's answers into the query cache. Returns false when the page has none
 * (a client-only route, or the service worker's offline shell).
 */
export function hydratePageData(queryClient: QueryClient, doc: Document): boolean {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return false;
  const state = JSON.parse(text) as DehydratedState;
  // The page was rendered for this visit (or kept by the server's cache, which every write empties):
  // its answers count as fresh from now by this browser's clock.
  const now = Date.now();
  for (const query of state.queries) {
    if (query.state.dataUpdatedAt) query.state.dataUpdatedAt = now;
    if (isErrorShape(query.state.error)) {
      query.state.error = TRPCClientError.from({ error: query.state.error });
      query.state.errorUpdatedAt = now;
      // A "not found" the server rendered is not asked again while the page hydrates (the first
      // render would show a loading state over the server's answer).
      queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
  }
  hydrate(queryClient, state);
  return true;
}
