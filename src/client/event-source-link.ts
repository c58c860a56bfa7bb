import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { AppRouter } from '../server/trpc/app-router';

/** The code of every failure that may pass on its own (internal, bad gateway, unavailable, timeout): tRPC's link retries those. */
const RETRYABLE_CODE = TRPC_ERROR_CODES_BY_KEY.INTERNAL_SERVER_ERROR;

/**
 * Subscriptions over server-sent events with the browser's own EventSource, in tRPC's wire format
 * (`connected`, plain messages, `serialized-error`, `return`). tRPC's httpSubscriptionLink does the same
 * with tracked ids, connection parameters and inactivity timeouts, none of which our two live screens use,
 * and costs 2.4 KB gzip on every page; this one costs a tenth of that. EventSource reconnects by itself when
 * a stream drops (a restart, a deploy); the server's live events are hints to refetch, so nothing is lost.
 */
export function eventSourceLink(url: string): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const query = op.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(op.input))}`;
        const source = new EventSource(`${url}/${op.path}${query}`);
        const connecting = (error: TRPCClientError<AppRouter> | null = null) =>
          observer.next({ result: { type: 'state', state: 'connecting', error } });
        const stop = (error?: TRPCClientError<AppRouter>) => {
          source.close();
          observer.next({ result: { type: 'state', state: 'idle', error: null } });
          if (error) observer.error(error);
          else {
            observer.next({ result: { type: 'stopped' } });
            observer.complete();
          }
        };
        connecting();
        source.addEventListener('connected', () => {
          observer.next({ result: { type: 'started' } });
          observer.next({ result: { type: 'state', state: 'pending', error: null } });
        });
        source.addEventListener('message', (event) => observer.next({ result: { data: JSON.parse(event.data) } }));
        source.addEventListener('serialized-error', (event) => {
          const error = TRPCClientError.from<AppRouter>({ error: JSON.parse(event.data) });
          // A retryable failure ends this stream; EventSource opens it again.
          if (error.shape?.code === RETRYABLE_CODE) connecting(error);
          else stop(error);
        });
        source.addEventListener('return', () => stop());
        source.addEventListener('error', () => {
          // CLOSED: refused for good (e.g. signed out, answered with an error status); otherwise it reconnects.
          if (source.readyState === EventSource.CLOSED) stop(new TRPCClientError('The live connection was refused'));
          else connecting();
        });
        return () => source.close();
      });
}
