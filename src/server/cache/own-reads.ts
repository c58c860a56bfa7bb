import type { Language } from '../../shared/i18n/language';
import { canonicalJson } from './public-reads';
import { type CachedBody, createPublicCache, DEFAULT_PUBLIC_CACHE, type PublicCache, type PublicCacheOptions } from './public-cache';

// The caller's own reads (issue 22): a buyer's orders, guest tracking, a shop's dashboard, the admin's
// counts. Each answer is kept, per signed-in user, language and input, in a cache of its own made like
// the public one (cache/public-cache.ts: bounded in bytes and age, a generation per write) until the
// next write anywhere:
// - every statement that writes through this process's database handle, whoever runs it (the driver's
//   watcher, db/watched-writes.ts), when it runs and again at its commit; and every mutation;
// - another process on the SQLite file: data_version (db/client.ts otherConnectionsWrote);
// - another instance on PostgreSQL: the triggers' notification (db/signals.ts), which the writer waits
//   to come back before it answers, so the next request finds every instance told.
// The middleware that keeps them (trpc/procedures.ts `keptUntilWrite`) runs after the procedure's tier,
// so a sign-out, a removed role, a takedown of the caller's shop and a rate limit refuse as before.

/**
 * 8 MB: the benchmark's reads take a few hundred KB; a buyer's first page of orders is 10-40 KB. Its
 * age bound is the public cache's (PUBLIC_CACHE_MAX_AGE_S).
 */
export const DEFAULT_OWN_READS_MAX_BYTES = 8 * 1024 * 1024;

/** The own reads' cache: the public cache's kind, with its defaults (each option can be given). */
export function createOwnReadsCache(options: Partial<PublicCacheOptions> = {}): PublicCache {
  return createPublicCache({ maxBytes: DEFAULT_OWN_READS_MAX_BYTES, maxAgeMs: DEFAULT_PUBLIC_CACHE.maxAgeMs, ...options });
}

/** The tRPC envelope around an answer, as tRPC writes it without a transformer (trpc/http-queries.ts). */
const OPEN = '{"result":{"data":';
const CLOSE = '}}';
const JSON_TYPE = 'application/json';

/** A kept answer's entry (its bytes, ETag and compressed copies) and the cache that holds it. */
export interface KeptBody {
  body: CachedBody;
  cache: PublicCache;
}

/** Each kept answer's entry, by the answer itself: http-queries.ts sends its bytes instead of serializing again. */
const serialized = new WeakMap<object, KeptBody>();

/**
 * Who asks, in which language, what (and, for an answer that changes with time, the moment it is for):
 * everything an own read's answer depends on besides the database.
 */
export function ownReadKey(path: string, userId: number | null, language: Language, input: unknown, moment?: string): string {
  const key = `own ${path} ${userId === null ? 'guest' : `user:${userId}`} ${language} ${canonicalJson(input)}`;
  return moment === undefined ? key : `${key} ${moment}`;
}

/** A kept answer (the same object each time: callers must not change it), or undefined. */
export function keptAnswer(cache: PublicCache, key: string): { data: unknown } | undefined {
  const hit = cache.get(key);
  return hit ? { data: hit.value } : undefined;
}

/** Keeps `data`, read in `generation`, when that generation is still current; objects only. */
export function keepAnswer(cache: PublicCache, key: string, generation: number, data: unknown): void {
  if (data === null || typeof data !== 'object') return;
  const bytes = Buffer.from(`${OPEN}${JSON.stringify(data)}${CLOSE}`);
  // Kept or not (a write came meanwhile), this response is sent from these bytes.
  serialized.set(data, { body: cache.set(key, generation, bytes, JSON_TYPE, data), cache });
}

const NO_BYTES = Buffer.alloc(0);

/**
 * A value a request reads about its caller (a shopkeeper's own shop, for the tier), kept like an
 * answer until the next write; read afresh without a cache. Callers must not change it.
 */
export async function keptValue<T>(cache: PublicCache | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!cache?.enabled) return read();
  const hit = cache.get(key);
  if (hit) return hit.value as T;
  const generation = cache.generation();
  const value = await read();
  // Counted as its key and an entry's overhead: a shop's row is a few hundred bytes.
  cache.set(key, generation, NO_BYTES, '', value);
  return value;
}

/** The entry of an answer that came from (or went into) the cache, if it did. */
export function serializedAnswer(data: unknown): KeptBody | undefined {
  return data !== null && typeof data === 'object' ? serialized.get(data) : undefined;
}
