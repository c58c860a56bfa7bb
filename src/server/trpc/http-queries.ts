import type { IncomingMessage, ServerResponse } from 'node:http';
import { callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape, type TRPCError, transformTRPCResponse } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { CachedBody, PublicCache } from '../cache/public-cache';
import { serializedAnswer } from '../cache/own-reads';
import { dependsOnViewer, isPublicRead, publicReadKey } from '../cache/public-reads';
import { sendBody, type SendBodyOptions } from '../http/send-body';
import { appRouter } from './app-router';
import type { Context } from './context';
import type { Logger } from '../observability/logger';

const PREFIX = '/api/trpc/';
const JSON_TYPE = 'application/json';
const config = appRouter._def._config;
// tRPC keeps a flat record of every procedure by its dotted path; its type is the nested router's.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;

export interface QueryCall {
  path: string;
  input: unknown;
}

/** One call's answer, serialized as tRPC writes it (`{"result":…}` or `{"error":…}`). */
interface Answer {
  json: Buffer;
  status: number;
  /** The cache's entry when the answer came from or went into it (its ETag and compressed bytes). */
  cached?: CachedBody;
  /** The cache that holds `cached` when it is not the public one (an own read's). */
  encodedBy?: PublicCache;
}

/**
 * The GET queries this path answers itself: every named procedure exists and is a query, the path is
 * plain (letters, digits, dots, commas: nothing URL parsing could rewrite), the input is JSON of the
 * shape tRPC reads (an object keyed by index in a batch) and no streaming was asked for. Anything else
 * (null) goes to tRPC's own adapter, which answers it as always.
 */
export function planQueries(req: IncomingMessage, urlPath: string): Plan | null {
  if (req.method !== 'GET') return null;
  const q = req.url?.indexOf('?') ?? -1;
  const params = new URLSearchParams(q === -1 ? '' : req.url!.slice(q + 1));
  return plan(req, urlPath, params, 'query', params.get('input'));
}

/**
 * The POST mutations this path answers itself, on the same terms (`body`: the request's, already read):
 * a JSON body (application/json) that parses, for mutations only. Anything else, an empty or broken
 * body included, goes to tRPC's adapter, which answers it as always.
 */
export function planMutations(req: IncomingMessage, urlPath: string, body: string): Plan | null {
  if (req.method !== 'POST' || body === '' || !req.headers['content-type']?.startsWith('application/json')) return null;
  const q = req.url?.indexOf('?') ?? -1;
  return plan(req, urlPath, new URLSearchParams(q === -1 ? '' : req.url!.slice(q + 1)), 'mutation', body);
}

export interface Plan {
  type: 'query' | 'mutation';
  batch: boolean;
  calls: QueryCall[];
}

function plan(req: IncomingMessage, urlPath: string, params: URLSearchParams, type: Plan['type'], text: string | null): Plan | null {
  if (!urlPath.startsWith(PREFIX)) return null;
  const accept = req.headers.accept;
  if (req.headers['trpc-accept'] !== undefined || (accept !== undefined && accept.includes('application/jsonl'))) return null;
  const names = urlPath.slice(PREFIX.length);
  if (!/^[\w.,]+$/.test(names)) return null;
  if (params.has('connectionParams')) return null;
  const batch = params.get('batch') === '1';
  const paths = batch ? names.split(',') : [names];
  if (!paths.every((path) => procedures[path]?._def.type === type)) return null;
  let inputs: unknown;
  try {
    inputs = text ? JSON.parse(text) : undefined;
  } catch {
    return null;
  }
  const deserialize = (value: unknown) => (value === undefined ? undefined : config.transformer.input.deserialize(value));
  if (!batch) return { type, batch, calls: [{ path: names, input: deserialize(inputs) }] };
  if (inputs !== undefined && (inputs === null || typeof inputs !== 'object' || Array.isArray(inputs))) return null;
  const byIndex = (inputs ?? {}) as Record<string, unknown>;
  return { type, batch, calls: paths.map((path, i) => ({ path, input: deserialize(Object.hasOwn(byIndex, i) ? byIndex[i] : undefined) })) };
}

export interface QueryHandlerDeps {
  createContext: (req: IncomingMessage) => Promise<Context>;
  /** Who asks (the signed-in user's id from a live session, or null): all a per-viewer read's cache key needs. */
  viewerOf: (req: IncomingMessage) => Promise<number | null>;
  cache: PublicCache;
  /** Records a guest's cached answer as it goes out, to answer the same request again (http/replay.ts). */
  record?: SendBodyOptions['record'];
  /** The request's logger (a batch answered without the cache says why, at debug level). */
  logOf?: (req: IncomingMessage) => Pick<Logger, 'debug'>;
  onError: (opts: { error: TRPCError; path: string; input: unknown; ctx: Context | undefined; type: Plan['type']; req: IncomingMessage }) => void;
}

/**
 * GET queries and POST mutations without tRPC's HTTP adapter: the same procedures through `callTRPCProcedure`, the same
 * response (`{"result":{"data":…}}` or the formatted error, an array for a batch, the status tRPC
 * picks: an error's own, 207 for a batch of mixed outcomes), at a fraction of the adapter's cost
 * (it builds a Fetch Request, Headers, an AbortController and a Response per request).
 *
 * Public reads (cache/public-reads.ts) are answered from the public cache; a miss computes once per key
 * however many requests wait for it. A batch of public reads only (the storefront's `catalog.shop` and
 * `catalog.shopProducts`) is kept whole too, under the keys of its calls: its bytes, ETag and compressed
 * forms are made once, as a single read's, and the replays (http/replay.ts) answer it again; a batch
 * with any other call is assembled per request, as before, and the log says so at debug level. Responses carry an ETag (304 when unchanged) and are compressed
 * when large (http/send-body.ts). Cache-Control: `no-cache` for a guest's public read (stored, but
 * revalidated), `private, no-cache` for the same with a session, `private, no-store` for personal
 * answers and `no-store` for errors. A mutation's answer is never cached, carries no ETag (there is
 * nothing to revalidate) and is `no-store`; its work is the same, minus the adapter's (checkout on
 * SQLite went from 1,175-1,248 to 1,447-1,457 orders/s under the bench).
 */
export function createQueryHandler(deps: QueryHandlerDeps) {
  const { cache } = deps;
  const inflight = new Map<string, Promise<Answer>>();

  async function compute(req: IncomingMessage, type: Plan['type'], call: QueryCall, index: number, ctx: () => Promise<Context>): Promise<Answer> {
    let context: Context | undefined;
    try {
      context = await ctx();
      const data: unknown = await callTRPCProcedure({
        router: appRouter,
        path: call.path,
        getRawInput: async () => call.input,
        ctx: context,
        type,
        signal: undefined,
        batchIndex: index,
      });
      // An own read's kept answer is sent as it was serialized, with its ETag (cache/own-reads.ts).
      const kept = serializedAnswer(data);
      if (kept) return { json: kept.body.body, status: 200, cached: kept.body, encodedBy: kept.cache };
      return { json: Buffer.from(JSON.stringify(transformTRPCResponse(config, { result: { data } }))), status: 200 };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      deps.onError({ error, path: call.path, input: call.input, ctx: context, type, req });
      const response = { error: getTRPCErrorShape({ config, ctx: context, error, input: call.input, path: call.path, type }) };
      return { json: Buffer.from(JSON.stringify(transformTRPCResponse(config, response))), status: getHTTPStatusCode(response) };
    }
  }

  /**
   * The answer kept under `key`, or made once per generation however many requests ask for it meanwhile,
   * and kept when it succeeded. The generation is taken before anything is read (or a read under way is
   * joined), so an answer that raced a write is never stored.
   */
  async function cachedOr(key: string, make: () => Promise<Answer>): Promise<Answer> {
    const hit = cache.get(key);
    if (hit) return { json: hit.body, status: 200, cached: hit };
    const generation = cache.generation();
    const flight = `${generation} ${key}`;
    const running = inflight.get(flight);
    if (running) return running;
    const made = make().then((result) => (result.status === 200 ? { ...result, cached: cache.set(key, generation, result.json, JSON_TYPE) } : result));
    inflight.set(flight, made);
    try {
      return await made;
    } finally {
      inflight.delete(flight);
    }
  }

  async function answer(req: IncomingMessage, type: Plan['type'], call: QueryCall, index: number, ctx: () => Promise<Context>, viewer: () => Promise<number | null>): Promise<Answer> {
    if (type === 'mutation' || !cache.enabled || !isPublicRead(call.path)) return compute(req, type, call, index, ctx);
    const key = publicReadKey(call.path, call.input, dependsOnViewer(call.path) ? await viewer() : null)!;
    return cachedOr(key, () => compute(req, type, call, index, ctx));
  }

  /**
   * The cache key of a batch of public reads: its calls' keys in order (each names the viewer where it
   * matters). Null when the batch holds another call, which is then answered call by call.
   */
  async function batchKey(req: IncomingMessage, plan: Plan, viewer: () => Promise<number | null>): Promise<string | null> {
    if (plan.type !== 'query' || !cache.enabled) return null;
    const others = plan.calls.filter((call) => !isPublicRead(call.path)).map((call) => call.path);
    if (others.length > 0) {
      deps.logOf?.(req).debug({ procedures: plan.calls.map((call) => call.path), uncached: others }, 'batch answered without the cache: it asks more than public reads');
      return null;
    }
    const userId = plan.calls.some((call) => dependsOnViewer(call.path)) ? await viewer() : null;
    return `batch\n${plan.calls.map((call) => publicReadKey(call.path, call.input, userId)).join('\n')}`;
  }

  /** Every call's answer in one body, as tRPC writes a batch: the array, and 207 when their statuses differ. */
  async function assemble(req: IncomingMessage, plan: Plan, ctx: () => Promise<Context>, viewer: () => Promise<number | null>): Promise<Answer> {
    const answers = await Promise.all(plan.calls.map((call, i) => answer(req, plan.type, call, i, ctx, viewer)));
    if (!plan.batch) return answers[0]!;
    const statuses = new Set(answers.map((a) => a.status));
    const json = Buffer.concat([OPEN, ...answers.flatMap((a, i) => (i ? [COMMA, a.json] : [a.json])), CLOSE]);
    return { json, status: statuses.size === 1 ? answers[0]!.status : 207 };
  }

  return async function handleCalls(req: IncomingMessage, res: ServerResponse, plan: Plan): Promise<void> {
    let context: Promise<Context> | null = null;
    const ctx = () => (context ??= deps.createContext(req));
    // The context (its logger, its object) is built only for a call that runs: a per-viewer read found
    // in the cache needs only who asks. A viewer that cannot be read (the database failing) is looked up
    // as a guest; on a miss the context fails the same way and each call is answered as tRPC would.
    let viewerRead: Promise<number | null> | null = null;
    const viewer = () => (viewerRead ??= deps.viewerOf(req).catch(() => null));
    // A batch of public reads only is kept whole, as a single read is (the storefront's two reads).
    const key = plan.batch ? await batchKey(req, plan, viewer) : null;
    const result = key === null ? await assemble(req, plan, ctx, viewer) : await cachedOr(key, () => assemble(req, plan, ctx, viewer));

    const status = result.status;
    const signedIn = (req.headers.cookie ?? '').includes('authjs.session-token');
    const cacheControl =
      status !== 200 || plan.type === 'mutation' ? 'no-store' : !plan.calls.every((call) => isPublicRead(call.path)) ? 'private, no-store' : signedIn ? 'private, no-cache' : 'no-cache';
    const body: CachedBody | { body: Buffer; contentType: string } = result.cached ?? { body: result.json, contentType: JSON_TYPE };
    const encodedOf = result.encodedBy ?? cache;
    sendBody(req, res, body, { status, cacheControl, vary: 'trpc-accept, accept', encodedOf: encodedOf.encoded, validator: plan.type === 'query', record: deps.record });
  };
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
