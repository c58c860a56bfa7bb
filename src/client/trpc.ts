import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { CLIENT_MAX_BATCH_CALLS } from '../shared/constants';
import { eventSourceLink } from './event-source-link';
import { LANGUAGE_HEADER, type Language } from '../shared/i18n/language';
import type { AppRouter } from '../server/trpc/app-router';

/**
 * tRPC with React Query, for every screen but the public pages (those read through reads.ts): they
 * load it with their code, inside query-layer.tsx's providers.
 */
export const trpc = createTRPCReact<AppRouter>();

export type TrpcClient = ReturnType<typeof trpc.createClient>;

/** The API client of a page; an Urdu page's calls say so, and the server answers its messages in Urdu. */
export function createTrpcClient(language: Language = 'en'): TrpcClient {
  const headers = language === 'en' ? {} : { [LANGUAGE_HEADER]: language };
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: eventSourceLink('/api/trpc'),
        // The server refuses longer batches (API_MAX_BATCH, never below this).
        false: httpBatchLink({ url: '/api/trpc', maxItems: CLIENT_MAX_BATCH_CALLS, headers }),
      }),
    ],
  });
}

function isClientError(error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // A refused or invalid request will not succeed on retry.
        retry: (count, error) => !isClientError(error) && count < 2,
      },
      mutations: { retry: false },
    },
  });
  askAgainFirstReadsAfterWrites(queryClient);
  return queryClient;
}

/**
 * After every write, a read whose first answer is still on its way is asked again: it may have been
 * read before the write. TanStack Query restarts an invalidated fetch only for a query that already
 * has data, so a first fetch under way (the list of a search just typed) kept its answer from before
 * the write: an admin who deactivated a shop as its search's list arrived still saw it "Active".
 */
function askAgainFirstReadsAfterWrites(queryClient: QueryClient): void {
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const underWay = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined });
    if (underWay.length === 0) return;
    void queryClient
      .cancelQueries({ predicate: (query) => underWay.includes(query) })
      // Unless the write's own screen has asked for it again meanwhile.
      .then(() => queryClient.invalidateQueries({ predicate: (query) => underWay.includes(query) && query.state.fetchStatus === 'idle' && query.state.data === undefined }));
  });
}
