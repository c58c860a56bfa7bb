import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createContext, createElement, type ReactNode, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { AppRouter } from '../server/trpc/app-router';
import { LANGUAGE_HEADER, type Language } from '../shared/i18n/language';

/**
 * The public pages' data (/browse, /shops, a product, a storefront, the session in the app's shell):
 * a small cache of tRPC procedure answers, read over tRPC's HTTP wire format with `fetch`. React Query
 * and tRPC's client weigh about 20 KB gzip, which every page would download before it is interactive;
 * they come with the other screens instead (query-layer.tsx). The server renders the public pages with
 * this same cache (entry-server.tsx), so the browser starts from its answers (page-data.ts).
 */

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
/** A procedure's name as the API reads it: `catalog.product`. */
export type ProcedurePath = { [R in keyof Outputs & string]: `${R}.${keyof Outputs[R] & string}` }[keyof Outputs & string];
export type InputOf<P extends ProcedurePath> = P extends `${infer R extends keyof Inputs & string}.${infer N}` ? (N extends keyof Inputs[R] ? Inputs[R][N] : never) : never;
export type OutputOf<P extends ProcedurePath> = P extends `${infer R extends keyof Outputs & string}.${infer N}` ? (N extends keyof Outputs[R] ? Outputs[R][N] : never) : never;

/** The API's error as it answered it (tRPC's error shape): its message, already in the page's language. */
export interface ErrorShape {
  message: string;
  code: number;
  data?: { code?: string; httpStatus?: number };
}

/** A failed call: the server's message and its tRPC code (`error.data.code`, say NOT_FOUND). */
export class ApiError extends Error {
  readonly code: number;
  readonly data: ErrorShape['data'];
  constructor(shape: ErrorShape) {
    super(shape.message);
    this.name = 'ApiError';
    this.code = shape.code;
    this.data = shape.data;
  }
  get shape(): ErrorShape {
    return { message: this.message, code: this.code, data: this.data };
  }
}

/** Calls one procedure and returns its answer, or throws (an ApiError for the API's own refusal). */
export type Caller = (type: 'query' | 'mutation', path: string, input: unknown) => Promise<unknown>;

/** The browser's caller: tRPC's HTTP format (GET for a query, POST for a mutation), in the page's language. */
export function httpCaller(language: Language): Caller {
  const headers: Record<string, string> = language === 'en' ? {} : { [LANGUAGE_HEADER]: language };
  return async (type, path, input) => {
    const query = type === 'query' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
    const response = await fetch(`/api/trpc/${path}${query}`, {
      method: type === 'query' ? 'GET' : 'POST',
      headers: type === 'query' ? headers : { ...headers, 'content-type': 'application/json' },
      body: type === 'query' || input === undefined ? undefined : JSON.stringify(input),
    });
    const body = (await response.json().catch(() => null)) as { result?: { data?: unknown }; error?: ErrorShape } | null;
    if (body?.error) throw new ApiError(body.error);
    if (!response.ok || !body?.result) throw new ApiError({ message: response.statusText || 'Something went wrong. Please try again.', code: -32603, data: { httpStatus: response.status } });
    return body.result.data;
  };
}

interface Entry {
  status: 'pending' | 'success' | 'error';
  data?: unknown;
  error?: ApiError;
  /** When the answer arrived (0: never, or marked stale by a write). */
  updatedAt: number;
  fetching: boolean;
  /** A list read page by page: the cursor of each page fetched. */
  cursors?: unknown[];
  fetchingMore?: boolean;
  /** A failure the server rendered: not asked again while the page hydrates. */
  keep?: boolean;
  /** A write made it stale while its answer was on the way: that answer may be from before the write. */
  staleOnArrival?: boolean;
}

/** One read's entry as the page data carries it. */
export type DehydratedRead = [key: string, value: { data: unknown; cursors?: unknown[] } | { error: ErrorShape }];

const PAGES = 'pages:';
const keyOf = (path: string, input: unknown, paged: boolean) => `${paged ? PAGES : ''}${path}:${JSON.stringify(input) ?? ''}`;
const pathOfKey = (key: string) => (key.startsWith(PAGES) ? key.slice(PAGES.length) : key).split(':', 1)[0] ?? '';

function isClientError(error: unknown): boolean {
  const status = error instanceof ApiError ? error.data?.httpStatus : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

const toApiError = (error: unknown) => (error instanceof ApiError ? error : new ApiError({ message: error instanceof Error ? error.message : String(error), code: -32603 }));

/** The cache of one page load (the browser's, or one server render's). */
export class Reads {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private readonly active = new Map<string, number>();
  /** What a render asked for that is not here yet: the server fetches these and renders again. */
  private readonly wanted = new Map<string, () => Promise<void>>();
  private readonly cleared = new Set<() => void>();

  constructor(
    readonly call: Caller,
    private readonly options: { retries: number; server?: boolean; skip?: RegExp } = { retries: 2 },
  ) {}

  get server(): boolean {
    return this.options.server === true;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  private set(key: string, entry: Entry) {
    this.entries.set(key, entry);
    for (const listener of this.listeners) listener();
  }

  private async withRetries(path: string, input: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.call('query', path, input);
      } catch (error) {
        if (attempt >= this.options.retries || isClientError(error)) throw toApiError(error);
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
      }
    }
  }

  /** Fetches one answer (or, for a paged read, its first pages again) into the cache. */
  async fetch(key: string, path: string, input: unknown, paged?: { cursor: string; next: (page: unknown) => unknown }): Promise<void> {
    const before = this.entries.get(key);
    if (before?.fetching) return;
    this.set(key, { ...(before ?? { status: 'pending', updatedAt: 0 }), fetching: true, staleOnArrival: false });
    try {
      let data: unknown;
      let cursors: unknown[] | undefined;
      if (paged) {
        // A paged list is asked again from its first page, as many pages as were shown.
        const count = Math.max(1, before?.cursors?.length ?? 1);
        const pages: unknown[] = [];
        cursors = [];
        let cursor: unknown = undefined;
        for (let i = 0; i < count && (i === 0 || cursor != null); i++) {
          pages.push(await this.withRetries(path, { ...(input as object), [paged.cursor]: cursor }));
          cursors.push(cursor);
          cursor = paged.next(pages[i]);
        }
        data = { pages };
      } else data = await this.withRetries(path, input);
      // Shown, but stale: asked again now if on screen, else when next shown.
      const stale = this.entries.get(key)?.staleOnArrival === true;
      this.set(key, { status: 'success', data, cursors, updatedAt: stale ? 0 : Date.now(), fetching: false });
      if (stale && this.active.has(key)) void this.refetchers.get(key)?.();
    } catch (error) {
      const current = this.entries.get(key);
      this.set(key, { ...(current ?? before ?? { updatedAt: 0 }), status: current?.status === 'success' ? 'success' : 'error', error: toApiError(error), updatedAt: Date.now(), fetching: false });
    }
  }

  /** Asks one procedure now (whatever the cache holds), keeps the answer and returns it. */
  async query<P extends ProcedurePath>(path: P, input: InputOf<P>): Promise<OutputOf<P>> {
    const key = keyOf(path, input, false);
    await this.fetch(key, path, input);
    const entry = this.entries.get(key);
    if (entry?.status !== 'success') throw entry?.error ?? new ApiError({ message: 'Something went wrong. Please try again.', code: -32603 });
    return entry.data as OutputOf<P>;
  }

  /** The next page of a paged read. */
  async fetchMore(key: string, path: string, input: unknown, paged: { cursor: string; next: (page: unknown) => unknown }): Promise<void> {
    const entry = this.entries.get(key);
    const pages = (entry?.data as { pages: unknown[] } | undefined)?.pages;
    const cursor = pages?.length ? paged.next(pages[pages.length - 1]) : undefined;
    if (!entry || !pages || cursor == null || entry.fetchingMore) return;
    this.set(key, { ...entry, fetchingMore: true });
    try {
      const page = await this.withRetries(path, { ...(input as object), [paged.cursor]: cursor });
      const now = this.entries.get(key) ?? entry;
      const nowPages = (now.data as { pages: unknown[] } | undefined)?.pages ?? pages;
      this.set(key, { ...now, data: { pages: [...nowPages, page] }, cursors: [...(now.cursors ?? []), cursor], fetchingMore: false });
    } catch (error) {
      this.set(key, { ...(this.entries.get(key) ?? entry), fetchingMore: false, error: toApiError(error) });
    }
  }

  /** A render's wish for an answer not yet here (the server's renderer fetches the wished ones). */
  want(key: string, load: () => Promise<void>) {
    if (this.options.skip?.test(pathOfKey(key))) return;
    if (!this.entries.has(key) && !this.wanted.has(key)) this.wanted.set(key, load);
  }

  /** Fetches what renders wished for; false when there was nothing. */
  async fetchWanted(): Promise<boolean> {
    const loads = [...this.wanted.values()];
    this.wanted.clear();
    await Promise.all(loads.map((load) => load()));
    return loads.length > 0;
  }

  /** Counts a mounted reader of a key, so a write's invalidation asks again only for what is on screen. */
  mount(key: string): () => void {
    this.active.set(key, (this.active.get(key) ?? 0) + 1);
    return () => {
      const count = (this.active.get(key) ?? 1) - 1;
      if (count > 0) this.active.set(key, count);
      else this.active.delete(key);
    };
  }

  private readonly refetchers = new Map<string, () => Promise<void>>();
  /** How to ask a key again (set by its readers). */
  refetcher(key: string, refetch: () => Promise<void>) {
    this.refetchers.set(key, refetch);
  }

  /**
   * After a write: the answers of procedures whose names start with `prefix` (every one without it)
   * are stale; those on screen are asked again (unless `refetch` is false: then when next mounted).
   * An answer on its way is stale too when it lands (it may have been read before the write).
   */
  invalidate(prefix = '', refetch = true): Promise<void> {
    const again: Array<Promise<void>> = [];
    for (const [key, entry] of this.entries) {
      if (!pathOfKey(key).startsWith(prefix)) continue;
      this.entries.set(key, { ...entry, updatedAt: 0, keep: false, staleOnArrival: entry.fetching });
      if (refetch && this.active.has(key)) again.push(this.refetchers.get(key)?.() ?? Promise.resolve());
    }
    for (const listener of this.listeners) listener();
    return Promise.all(again).then(() => undefined);
  }

  /** Forgets every answer (signing out); the other screens' cache is told too (onClear). */
  clear() {
    this.entries.clear();
    for (const listener of this.cleared) listener();
    for (const listener of this.listeners) listener();
    for (const key of this.active.keys()) void this.refetchers.get(key)?.();
  }

  onClear(listener: () => void): () => void {
    this.cleared.add(listener);
    return () => void this.cleared.delete(listener);
  }

  /** The answers to carry in the page (no pending read). */
  dehydrate(): DehydratedRead[] {
    const out: DehydratedRead[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.status === 'success') out.push([key, entry.cursors ? { data: entry.data, cursors: entry.cursors } : { data: entry.data }]);
      else if (entry.status === 'error' && entry.error) out.push([key, { error: entry.error.shape }]);
    }
    return out;
  }

  /** The worst HTTP status of a failed read (200 when none failed). */
  status(): number {
    let status = 200;
    for (const entry of this.entries.values()) {
      const httpStatus = entry.status === 'error' ? entry.error?.data?.httpStatus : undefined;
      if (typeof httpStatus === 'number' && httpStatus > status) status = httpStatus;
    }
    return status;
  }

  /** Takes a server-rendered page's answers, fresh from now. */
  hydrate(reads: DehydratedRead[]) {
    const now = Date.now();
    for (const [key, value] of reads) {
      if ('error' in value) this.entries.set(key, { status: 'error', error: new ApiError(value.error), updatedAt: now, fetching: false, keep: true });
      else this.entries.set(key, { status: 'success', data: value.data, cursors: value.cursors, updatedAt: now, fetching: false });
    }
  }
}

const ReadsContext = createContext<Reads | null>(null);

export function ReadsProvider({ reads, children }: { reads: Reads; children: ReactNode }) {
  return createElement(ReadsContext.Provider, { value: reads }, children);
}

export function useReads(): Reads {
  const reads = useContext(ReadsContext);
  if (!reads) throw new Error('useReads outside ReadsProvider');
  return reads;
}

interface ReadOptions {
  enabled?: boolean;
  /** How long an answer is fresh (ms): a screen mounted after it asks again. */
  staleTime?: number;
}

const STALE_TIME = 15_000;

/** The common part of a read: its entry, asked for on mount (or in the server's next render) when missing or stale. */
function useEntry(key: string, enabled: boolean, staleTime: number, load: () => Promise<void>) {
  const reads = useReads();
  const entry = useSyncExternalStore(
    reads.subscribe,
    () => reads.get(key),
    () => reads.get(key),
  );
  const loadRef = useRef(load);
  loadRef.current = load;
  if (reads.server && enabled && !entry) reads.want(key, load);
  useEffect(() => {
    if (!enabled) return;
    reads.refetcher(key, () => loadRef.current());
    const unmount = reads.mount(key);
    const current = reads.get(key);
    const stale = !current || (current.status === 'error' ? !current.keep : Date.now() - current.updatedAt >= staleTime);
    if (stale && !current?.fetching) void loadRef.current();
    return unmount;
    // On a new key; an invalidation asks again through the refetcher, or at the next mount.
  }, [reads, key, enabled, staleTime]);
  return { reads, entry };
}

export interface ReadResult<T> {
  data: T | undefined;
  error: ApiError | null;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<void>;
}

/** One procedure's answer, as React Query's useQuery would give it. */
export function useRead<P extends ProcedurePath>(path: P, input: InputOf<P>, options: ReadOptions = {}): ReadResult<OutputOf<P>> {
  const enabled = options.enabled ?? true;
  const key = keyOf(path, input, false);
  const readsRef = useRef<Reads | null>(null);
  const load = () => readsRef.current!.fetch(key, path, input);
  const { reads, entry } = useEntry(key, enabled, options.staleTime ?? STALE_TIME, load);
  readsRef.current = reads;
  const refetch = useCallback(() => reads.fetch(key, path, input), [reads, key, path, input]);
  return {
    data: entry?.status === 'success' || entry?.data !== undefined ? (entry?.data as OutputOf<P>) : undefined,
    error: entry?.status === 'error' ? (entry.error ?? null) : null,
    isPending: entry?.status !== 'success' && entry?.status !== 'error',
    isError: entry?.status === 'error',
    isFetching: entry?.fetching ?? false,
    refetch,
  };
}

type PageOf<P extends ProcedurePath> = OutputOf<P>;

export interface PagedResult<T> extends ReadResult<{ pages: T[] }> {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<void>;
}

/**
 * A list read page by page (the input's `cursor` is the page's; `nextCursor` in an answer names the
 * next), as React Query's useInfiniteQuery. `keepPrevious`: while another input's first page loads,
 * the previous input's pages stay on screen (a new search keeps the old results until the new ones).
 */
export function usePagedRead<P extends ProcedurePath>(
  path: P,
  input: Omit<InputOf<P>, 'cursor'>,
  options: ReadOptions & { keepPrevious?: boolean } = {},
): PagedResult<PageOf<P>> {
  const enabled = options.enabled ?? true;
  const key = keyOf(path, input, true);
  const paged = { cursor: 'cursor', next: (page: unknown) => (page as { nextCursor?: unknown }).nextCursor ?? null };
  const readsRef = useRef<Reads | null>(null);
  const load = () => readsRef.current!.fetch(key, path, input, paged);
  const { reads, entry } = useEntry(key, enabled, options.staleTime ?? STALE_TIME, load);
  readsRef.current = reads;
  const previous = useRef<{ pages: PageOf<P>[] } | undefined>(undefined);
  const own = entry?.data as { pages: PageOf<P>[] } | undefined;
  if (own) previous.current = own;
  const data = own ?? (options.keepPrevious ? previous.current : undefined);
  const pages = data?.pages ?? [];
  const last = pages[pages.length - 1];
  return {
    data,
    error: entry?.status === 'error' ? (entry.error ?? null) : null,
    isPending: !data && entry?.status !== 'error',
    isError: entry?.status === 'error' && !own,
    isFetching: entry?.fetching ?? !own,
    refetch: () => reads.fetch(key, path, input, paged),
    hasNextPage: own !== undefined && last !== undefined && paged.next(last) != null,
    isFetchingNextPage: entry?.fetchingMore ?? false,
    fetchNextPage: () => reads.fetchMore(key, path, input, paged),
  };
}

/** Calls a mutation through the page's caller (the public pages' few writes: a review). */
export function useCall() {
  const reads = useReads();
  return useCallback(<P extends ProcedurePath>(path: P, input: InputOf<P>) => reads.call('mutation', path, input) as Promise<OutputOf<P>>, [reads]);
}
