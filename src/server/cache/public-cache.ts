import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/** How a body may be sent compressed (http/send-body.ts negotiates it from Accept-Encoding). */
export type Encoding = 'br' | 'gzip';

/** A stored answer: its bytes, their ETag, and each compressed form once something asked for it. */
export interface CachedBody {
  readonly body: Buffer;
  readonly contentType: string;
  /** A weak validator over the uncompressed bytes (the same for every encoding of them). */
  readonly etag: string;
  /** What the bytes were serialized from, when the caller kept it (cache/own-reads.ts answers with it). */
  readonly value?: unknown;
}

interface Entry extends CachedBody {
  key: string;
  generation: number;
  storedAt: number;
  bytes: number;
  encoded: Partial<Record<Encoding, Buffer>>;
}

export interface PublicCacheOptions {
  /** Bytes of bodies (and their compressed forms) held at most (PUBLIC_CACHE_MAX_BYTES); 0 turns the cache off. */
  maxBytes: number;
  /** An entry older than this is not served (PUBLIC_CACHE_MAX_AGE_S): bounds what a write this process did not see can leave stale. */
  maxAgeMs: number;
  now?: () => number;
  /**
   * True when someone else changed the data since last asked (SQLite: another process's commit, db/client.ts
   * otherConnectionsWrote; PostgreSQL: true while the instance is not listening to other writers, db/signals.ts).
   */
  changedElsewhere?: () => boolean;
}

// 32 MB: the benchmark's 1,000 product pages stay cached; at 16 MB they did not (docs/performance.md#memory).
export const DEFAULT_PUBLIC_CACHE = { maxBytes: 32 * 1024 * 1024, maxAgeMs: 30_000 } as const;

// Keys and bookkeeping count too, roughly, so a flood of tiny entries still respects the bound.
const ENTRY_OVERHEAD_BYTES = 200;

export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Compressed at a level that suits answers made on the fly; a cached one is compressed once. */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: 6 });
}

/**
 * The serialized answers of public reads (tRPC queries, server-rendered pages), shared by every
 * request of this process, bounded in bytes (least recently used go first) and in age.
 *
 * Correctness rests on one rule: every write that can change public data calls `publicDataChanged()`
 * once it has committed (trpc/init.ts does it after every mutation), which starts a new generation and
 * drops every entry, so the next read computes afresh. Writes by other processes on the same database
 * (the operator's commands, a restore) are seen through `changedElsewhere`, asked on every read, or on
 * PostgreSQL (other instances too) through the triggers' notification, which calls `publicDataChanged()`
 * once the write has committed. A reader takes `generation()` BEFORE it reads
 * the database and stores with it: an answer computed while a write committed is then never stored
 * (its generation is already over), so no stale answer outlives the write.
 *
 * For server-rendered HTML: `const gen = cache.generation()`, look up `cache.get(key)`, else render
 * and `cache.set(key, gen, html, 'text/html; charset=utf-8')`; send with http/send-body.ts `sendBody`,
 * which adds the ETag, answers 304 and reuses the compressed bytes. A key must name everything the
 * answer depends on (the path and its normalized input, and the viewer when it matters).
 */
export function createPublicCache(options: PublicCacheOptions = DEFAULT_PUBLIC_CACHE) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let generation = 0;
  let bytes = 0;
  const counts = { hits: 0, misses: 0, invalidations: 0 };
  const changedElsewhere = options.changedElsewhere ?? (() => false);

  /**
   * Public data changed (a write committed): every stored answer is dropped and answers being computed
   * now will not be stored. The one call every write path makes; on PostgreSQL the other instances hear
   * of the same write from the database's triggers (db/signals.ts calls this on their notification).
   */
  function publicDataChanged(): void {
    generation += 1;
    counts.invalidations += 1;
    entries.clear();
    bytes = 0;
  }

  function drop(key: string, entry: Entry): void {
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function evictTo(limit: number): void {
    for (const [key, entry] of entries) {
      if (bytes <= limit) break;
      drop(key, entry);
    }
  }

  return {
    /** Whether anything is kept at all (PUBLIC_CACHE_MAX_BYTES=0 turns it off). */
    enabled: options.maxBytes > 0,

    /** The current generation: take it before reading what will be stored. */
    // Another process's change is noticed in get(): a generation taken before it then no longer
    // matches, so what was read with it is not stored (one more miss, never a stale entry).
    generation: (): number => generation,

    /** The answer held under `key`, if it is still current; `countMiss: false` for a look that is not the read's own (http/replay.ts). */
    get(key: string, { countMiss = true } = {}): CachedBody | undefined {
      if (changedElsewhere()) publicDataChanged();
      const entry = entries.get(key);
      if (!entry || entry.generation !== generation || now() - entry.storedAt >= options.maxAgeMs) {
        if (entry) drop(key, entry);
        if (countMiss) counts.misses += 1;
        return undefined;
      }
      // Most recently used last: the Map's order is the eviction order.
      entries.delete(key);
      entries.set(key, entry);
      counts.hits += 1;
      return entry;
    },

    /**
     * Stores an answer computed in `readGeneration` (and the value it was serialized from, if given)
     * and returns it as a CachedBody either way; it is kept only while that generation is still
     * current and it fits.
     */
    set(key: string, readGeneration: number, body: string | Buffer, contentType: string, value?: unknown): CachedBody {
      const buffer = typeof body === 'string' ? Buffer.from(body) : body;
      const entry: Entry = { key, body: buffer, contentType, etag: etagOf(buffer), value, generation: readGeneration, storedAt: now(), bytes: buffer.length + key.length + ENTRY_OVERHEAD_BYTES, encoded: {} };
      if (readGeneration !== generation || entry.bytes > options.maxBytes / 4) return entry;
      const old = entries.get(key);
      if (old) drop(key, old);
      entries.set(key, entry);
      bytes += entry.bytes;
      evictTo(options.maxBytes);
      return entry;
    },

    /** The key `body` is held under, while this cache still holds that very entry; else undefined. */
    heldKey(body: CachedBody): string | undefined {
      const key = (body as Partial<Entry>).key;
      return key !== undefined && entries.get(key) === body ? key : undefined;
    },

    /** The body compressed, made once per cached entry and kept with it (counted in the bound). */
    encoded(body: CachedBody, encoding: Encoding): Buffer {
      const entry = body as Partial<Entry>;
      const known = entry.encoded?.[encoding];
      if (known) return known;
      const compressed = compress(body.body, encoding);
      if (entry.encoded && entry.bytes !== undefined) {
        entry.encoded[encoding] = compressed;
        entry.bytes += compressed.length;
        // Only an entry still held counts against the bound.
        if (entry.key !== undefined && entries.get(entry.key) === entry) {
          bytes += compressed.length;
          evictTo(options.maxBytes);
        }
      }
      return compressed;
    },

    publicDataChanged,

    stats: () => ({ entries: entries.size, bytes, generation, ...counts }),
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;
