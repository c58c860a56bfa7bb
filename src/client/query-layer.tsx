import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useLanguage } from './i18n/language';
import { useReads } from './reads';
import { createQueryClient, createTrpcClient, type TrpcClient, trpc } from './trpc';

/** One cache for every screen that uses React Query, made by the first of them and kept while the page lives. */
let clients: { queryClient: QueryClient; trpcClient: TrpcClient } | null = null;

/**
 * A screen with tRPC and React Query around it: every screen but the public pages (routes.tsx), which
 * read through reads.ts so that their first download carries neither. A write here makes the public
 * answers stale (they are asked again where next shown); signing out empties both caches.
 */
export function withQueries<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function WithQueries(props: P) {
    const language = useLanguage();
    const reads = useReads();
    if (!clients) {
      const queryClient = createQueryClient();
      clients = { queryClient, trpcClient: createTrpcClient(language) };
      // Both live as long as the page (the browser's one Reads, this one cache): never unsubscribed.
      reads.onClear(() => queryClient.clear());
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void reads.invalidate('', false);
      });
    }
    const { queryClient, trpcClient } = clients;
    return (
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Screen {...props} />
        </QueryClientProvider>
      </trpc.Provider>
    );
  };
}
