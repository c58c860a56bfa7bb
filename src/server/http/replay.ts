import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { CachedBody, PublicCache } from '../cache/public-cache';
import { matches } from './send-body';

/**
 * Request headers after which an answer is no longer the same for everyone: a session or another
 * cookie (the page's language), credentials, a condition other than If-None-Match or a range, a body,
 * or tRPC's streaming. Such a request always takes the full path. (If-None-Match is the browser's
 * revalidation of these `no-cache` answers: a 304 is recorded and replayed apart from the 200.)
 */
const PERSONAL = ['cookie', 'authorization', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range', 'range', 'content-length', 'transfer-encoding', 'expect', 'trpc-accept'] as const;

/**
 * Request headers the full path reads to answer a guest's cached GET, so a replay is made only for
 * the same values: the encoding and the answer's type (tRPC streams on Accept), and whether the visit
 * chooses its page's language (http/pages.ts `choosesLanguage`: a link followed on this site sets the
 * language cookie). A header read there later must be named here or in PERSONAL.
 */
const SHAPE = ['accept-encoding', 'accept', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-user'] as const;

// The response's own headers, never replayed: each request gets its id, and Node writes the date.
const PER_REQUEST = new Set(['x-request-id', 'date']);

// Request shapes remembered at most (the oldest is forgotten first).
const MAX_SHAPES = 5_000;
// Longer URLs (a search typed out at length) take the full path: the shapes kept stay a few MB at most.
const MAX_URL_LENGTH = 1_024;

export interface ReplayOptions {
  cache: PublicCache;
  /** Whether the browser reached us over https (the Strict-Transport-Security header depends on it), read without the door's facts. */
  httpsOf: (req: IncomingMessage) => boolean;
  /** The request log and metrics (observability): called for every replayed answer, returns the request id to send. */
  track: (req: IncomingMessage, res: ServerResponse, options: { replayed: true }) => string;
}

interface Recording {
  /** The answer's headers as the full path set them, flat (name, value, name, value...), after the request id. */
  headers: string[];
  /** The body as sent; null: a 304 (the request's If-None-Match named the entry's ETag). */
  bytes: Buffer | null;
}

function isPlain(req: IncomingMessage): boolean {
  if (req.method !== 'GET' || (req.url?.length ?? MAX_URL_LENGTH) >= MAX_URL_LENGTH) return false;
  const headers = req.headers;
  for (const name of PERSONAL) if (headers[name] !== undefined) return false;
  return true;
}

function flatten(headers: OutgoingHttpHeaders): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_REQUEST.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) flat.push(name, String(one));
  }
  return flat;
}

/**
 * A guest's GET of a cached public answer (a tRPC read, a server-rendered page), answered again as the
 * full path answered the same request: the same headers (the door's security headers, caching,
 * validator, encoding, a page's language cookie) and the same bytes, written at once, before the door,
 * the router and the cache key are worked out again: a cached JSON read takes 20-35% less of the
 * server's CPU (docs/performance.md, "Replayed answers").
 *
 * What makes a replay the full path's answer: it is recorded from that answer (`record`, called by
 * http/send-body.ts as a cached 200 goes out) and replayed only for a request of the same shape (the
 * URL, https or not, and the request headers in SHAPE) carrying none of the headers that make an answer
 * personal (PERSONAL), and only while the cache still holds the very entry it was made from: a write
 * (a new generation), the entry's age, or its eviction ends the replay, and the next request takes
 * the full path and records afresh. Nothing is kept but the shape's cache key; the recording lives
 * with the cache entry and goes with it. The request is still logged (its line says `replayed`) and
 * counted, with its own id.
 */
export function createReplays(options: ReplayOptions) {
  const { cache } = options;
  // Shape -> the public cache's key of the answer recorded for it.
  const shapes = new Map<string, string>();
  // Entry -> its recordings by shape: collected with the entry once the cache lets it go.
  const recordings = new WeakMap<CachedBody, Map<string, Recording>>();

  // A revalidation (If-None-Match) has a shape of its own: its answer is the 304, whatever ETag it names.
  const shapeOf = (req: IncomingMessage): string => {
    let shape = `${req.headers['if-none-match'] === undefined ? '200' : '304'} ${options.httpsOf(req) ? 'https' : 'http'} ${req.url}`;
    for (const name of SHAPE) shape += `\n${req.headers[name] ?? ''}`;
    return shape;
  };

  return {
    /** Keeps what is about to be sent as a cached 200 (`bytes`: the body as sent) or 304 (null), when it may be replayed. */
    record(req: IncomingMessage, res: ServerResponse, body: CachedBody, bytes: Buffer | null): void {
      if (!cache.enabled || !isPlain(req) || (req.headers['if-none-match'] === undefined) !== (bytes !== null)) return;
      const key = cache.heldKey(body);
      if (key === undefined) return;
      const shape = shapeOf(req);
      let byShape = recordings.get(body);
      if (!byShape) recordings.set(body, (byShape = new Map()));
      byShape.set(shape, { headers: flatten(res.getHeaders()), bytes });
      shapes.delete(shape);
      shapes.set(shape, key);
      if (shapes.size > MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    },

    /** Answers from a recording and returns true; false: nothing was sent, the full path answers. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (!isPlain(req)) return false;
      const shape = shapeOf(req);
      const key = shapes.get(shape);
      if (key === undefined) return false;
      const entry = cache.get(key, { countMiss: false });
      const recording = entry && recordings.get(entry)?.get(shape);
      if (!recording) {
        shapes.delete(shape);
        return false;
      }
      // A revalidation naming another ETag (an answer from before a write) gets the full path's 200.
      if (recording.bytes === null && !matches(req.headers['if-none-match'], entry.etag)) return false;
      const reqId = options.track(req, res, { replayed: true });
      res.writeHead(recording.bytes === null ? 304 : 200, ['x-request-id', reqId, ...recording.headers]);
      res.end(recording.bytes ?? undefined);
      return true;
    },
  };
}
