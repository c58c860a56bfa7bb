import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { type Client, resolveClient } from './client-address';
import type { BodyLimit, Refusal } from './types';

/** Settled at the door (http/guard.ts) for each request, so every handler reads the same answers. */
interface RequestFacts {
  client: Client;
  bodyLimit: BodyLimit | null;
}

const facts = new WeakMap<IncomingMessage, RequestFacts>();

export function setRequestFacts(req: IncomingMessage, value: RequestFacts): void {
  facts.set(req, value);
}

// A request that did not pass the door (a handler called on its own) gets the strictest answers.
const FALLBACK_BODY_LIMIT: BodyLimit = { bytes: 16 * 1024, message: 'This request is too large (at most 16 KB).' };

export class PayloadTooLargeError extends Error {}

/**
 * Reads a request body up to its route's limit (http/limits.ts), counting as it goes: past the
 * limit it stops reading, keeps nothing and throws PayloadTooLargeError with the refusal's message.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  const limit = facts.get(req)?.bodyLimit ?? FALLBACK_BODY_LIMIT;
  if (Number(req.headers['content-length'] ?? 0) > limit.bytes) return Promise.reject(new PayloadTooLargeError(limit.message));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: Error | null) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      if (!error) return resolve(Buffer.concat(chunks));
      // Paused rather than destroyed, so the refusal can still be written before the connection closes.
      req.pause();
      chunks.length = 0;
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit.bytes) settle(new PayloadTooLargeError(limit.message));
      else chunks.push(chunk);
    };
    const onEnd = () => settle(null);
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(new Error('the client closed the request before sending its body'));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** A Fetch API Request for libraries that speak it (@auth/core), from a Node request and its body. */
export function toWebRequest(req: IncomingMessage, origin: string, body: Buffer | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' || !body ? null : new Uint8Array(body),
  });
}

/** Writes a Fetch API Response to Node, keeping every Set-Cookie header separate. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  await streamTo(res, Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * Streams a download's body into the response, the response's backpressure respected. Resolves once
 * it is whole, and also when the client went away first (a closed tab, a dropped connection): that is
 * no failure of ours, and the source is destroyed with it. Rejects with the source's own error (a
 * database or a bucket failing mid-file), which the server logs before cutting the response short.
 */
export async function streamTo(res: ServerResponse, source: Readable): Promise<void> {
  // Which came first tells them apart: the client leaving closes the response before anything is
  // wrong with the source, while a failing source is what closes the response.
  let sourceFailed = false;
  let clientLeft = false;
  const onError = () => {
    if (!clientLeft) sourceFailed = true;
  };
  const onClose = () => {
    if (!sourceFailed && !res.writableFinished) clientLeft = true;
  };
  source.once('error', onError);
  res.once('close', onClose);
  try {
    await pipeline(source, res);
  } catch (error) {
    if (!clientLeft) throw error;
  } finally {
    source.off('error', onError);
    res.off('close', onClose);
  }
}

export function sendJson(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(data);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(body);
}

/**
 * Answers a refusal in the shape its caller reads: tRPC's error envelope under /api/trpc (the app's
 * client then shows the message, for a single call or every call of a batch), `{ message }`
 * elsewhere. The connection closes, since the request's body was left unread.
 */
export function sendRefusal(res: ServerResponse, urlPath: string, { status, message }: Refusal): void {
  const code = status === 403 ? 'FORBIDDEN' : 'PAYLOAD_TOO_LARGE';
  const body = urlPath.startsWith('/api/trpc/')
    ? { error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: status } } }
    : { message };
  sendJson(res, status, body, { connection: 'close' });
}

/**
 * The client this request counts as for rate limits: its address behind trusted proxies, an IPv6
 * client's /64 (http/client-address.ts).
 */
export function clientIp(req: IncomingMessage): string {
  return requestClient(req).limitKey;
}

/** Who sent the request, as the door resolved it (the socket's peer for a request that skipped it). */
export function requestClient(req: IncomingMessage): Client {
  return facts.get(req)?.client ?? resolveClient(req, null);
}

const TRPC_PREFIX = '/api/trpc/';
// Names only (no escapes, slashes or dot segments), which URL parsing would leave as they are.
const PLAIN_TRPC_PATH = /^\/api\/trpc\/(?!\.\.?$)[\w.,]*$/;

/**
 * The procedure paths a /api/trpc URL calls, read as tRPC reads them: the path after the prefix,
 * decoded, and a comma-separated list only in a batch (`?batch=1`). Empty for any other URL.
 */
export function trpcProcedurePaths(url: string): string[] {
  // Every request asks this (the batch cap, the request log): a plain path is read without URL parsing.
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  if (PLAIN_TRPC_PATH.test(rawPath)) {
    const path = rawPath.slice(TRPC_PREFIX.length);
    return q !== -1 && new URLSearchParams(url.slice(q + 1)).get('batch') === '1' ? path.split(',') : [path];
  }
  const parsed = new URL(url, 'http://localhost');
  if (!parsed.pathname.startsWith(TRPC_PREFIX)) return [];
  let path = parsed.pathname.slice(TRPC_PREFIX.length);
  try {
    path = decodeURIComponent(path);
  } catch {
    // tRPC refuses a path it cannot decode; the raw text still names what was asked for.
  }
  return parsed.searchParams.get('batch') === '1' ? path.split(',') : [path];
}
