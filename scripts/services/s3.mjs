// A small S3-compatible server for tests, on node:http with no dependency: the part of the S3 API an
// app storing images uses (path-style addressing, as `forcePathStyle: true` in @aws-sdk/client-s3):
//   buckets: CreateBucket, HeadBucket, DeleteBucket, ListBuckets, ListObjects (v1 and v2),
//            DeleteObjects
//   objects: PutObject, CopyObject, GetObject (Range, If-None-Match, If-Modified-Since), HeadObject,
//            DeleteObject, multipart uploads (create, part, complete, abort)
// Like real S3 it decodes `Content-Encoding: aws-chunked` bodies (what the current SDK sends for a
// streamed body: `hex-size[;chunk-signature=…]\r\n…` chunks and trailing checksums), and checks every
// checksum it can (Content-MD5, x-amz-checksum-crc32/-sha1/-sha256, in headers or trailers), so a
// corrupted upload fails here as it would on S3. Objects live in memory.
//
// Not verified: signatures. Writes need the configured access key id (in the Authorization header or
// a presigned URL's X-Amz-Credential), any secret being accepted; reads are anonymous-friendly, like
// a public-read bucket serving images (`anonymousRead: false` requires the key id for reads too).
//
// Why not the npm `s3rver` (3.7.1): it stores such aws-chunked bodies with the chunk framing inside
// them unless the SDK is told `requestChecksumCalculation: 'WHEN_REQUIRED'`, and its dependencies
// are years old. MinIO is not in Debian; Debian's radosgw needs a whole Ceph cluster.
//
// CLI: `npx node scripts/services/s3.mjs start` prints S3_ENDPOINT=… and the other S3_* variables
// and keeps serving until Ctrl-C; `--help` says more.
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { cleanupAtExit, runCli, secondsSince, serveUntilSignal } from './lifecycle.mjs';

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const MIN_PART_BYTES = 5 * 1024 * 1024;
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

class S3Error extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const escapeXml = (text) =>
  String(text).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);
const unescapeXml = (text) =>
  text.replace(/&(lt|gt|amp|apos|quot|#\d+|#x[0-9a-f]+);/gi, (_, e) => {
    const named = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' }[e];
    if (named) return named;
    return String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
/** `<tag>…</tag>` elements: a tree of nested objects is more than these request bodies need. */
const elements = (xml, tag) => [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]);
const element = (xml, tag) => elements(xml, tag)[0];
const xmlDocument = (root, body) => `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${XMLNS}">${body}</${root}>`;
const tag = (name, value) => (value === undefined || value === null || value === '' ? '' : `<${name}>${escapeXml(value)}</${name}>`);

const md5 = (data) => createHash('md5').update(data).digest();
const etagOf = (body) => `"${md5(body).toString('hex')}"`;

/** The checksum S3 would compute for `algorithm` (header x-amz-checksum-<algorithm>), base64; null when not computed here. */
function checksum(algorithm, body) {
  if (algorithm === 'crc32') {
    const value = Buffer.alloc(4);
    value.writeUInt32BE(zlib.crc32(body));
    return value.toString('base64');
  }
  if (algorithm === 'sha1' || algorithm === 'sha256') return createHash(algorithm).update(body).digest('base64');
  return null; // crc32c and crc64nvme: accepted unchecked
}

/** Decodes an aws-chunked body: the data of each chunk, then trailing headers (checksums). */
function decodeAwsChunked(raw) {
  const chunks = [];
  const trailers = {};
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) throw new S3Error(400, 'IncompleteBody', 'aws-chunked body ended inside a chunk header');
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0], 16);
    if (!Number.isFinite(size)) throw new S3Error(400, 'InvalidRequest', 'aws-chunked body has a malformed chunk size');
    at = lineEnd + 2;
    if (size === 0) break;
    if (at + size + 2 > raw.length) throw new S3Error(400, 'IncompleteBody', 'aws-chunked body ended inside a chunk');
    chunks.push(raw.subarray(at, at + size));
    at += size + 2;
  }
  for (const line of raw.subarray(at).toString('latin1').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) trailers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { body: Buffer.concat(chunks), trailers };
}

/** The request's payload as S3 stores it, after aws-chunked decoding and every checksum check. */
function payloadOf(req, raw) {
  let body = raw;
  let trailers = {};
  const sha = req.headers['x-amz-content-sha256'] ?? '';
  const encodings = (req.headers['content-encoding'] ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  if (sha.startsWith('STREAMING-') || encodings.includes('aws-chunked')) {
    ({ body, trailers } = decodeAwsChunked(raw));
    const declared = req.headers['x-amz-decoded-content-length'];
    if (declared !== undefined && Number(declared) !== body.length) {
      throw new S3Error(400, 'IncompleteBody', `Decoded ${body.length} bytes, x-amz-decoded-content-length says ${declared}`);
    }
  }
  const expected = { ...req.headers, ...trailers };
  if (expected['content-md5'] && md5(body).toString('base64') !== expected['content-md5']) {
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
  for (const algorithm of ['crc32', 'crc32c', 'crc64nvme', 'sha1', 'sha256']) {
    const claimed = expected[`x-amz-checksum-${algorithm}`];
    const actual = claimed === undefined ? null : checksum(algorithm, body);
    if (actual !== null && actual !== claimed) {
      throw new S3Error(400, 'BadDigest', `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`);
    }
  }
  if (sha && !sha.startsWith('STREAMING-') && sha !== 'UNSIGNED-PAYLOAD' && createHash('sha256').update(body).digest('hex') !== sha) {
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  }
  return { body, contentEncoding: encodings.filter((e) => e !== 'aws-chunked').join(', ') || undefined };
}

const STORED_HEADERS = ['content-type', 'cache-control', 'content-disposition', 'content-language', 'expires'];

/** What a PutObject or CreateMultipartUpload request says about the object besides its bytes. */
function objectHeadersOf(req, contentEncoding) {
  const headers = {};
  for (const name of STORED_HEADERS) if (req.headers[name]) headers[name] = req.headers[name];
  headers['content-type'] ??= 'binary/octet-stream';
  if (contentEncoding) headers['content-encoding'] = contentEncoding;
  for (const [name, value] of Object.entries(req.headers)) if (name.startsWith('x-amz-meta-')) headers[name] = value;
  return headers;
}

/** The key id of a request's SigV4 credential (header or presigned query), or null when anonymous. */
function accessKeyOf(req, query) {
  const credential = /Credential=([^/,\s]+)\//.exec(req.headers.authorization ?? '')?.[1] ?? query.get('X-Amz-Credential')?.split('/')[0];
  return credential ?? null;
}

/**
 * Starts the server on 127.0.0.1 (a free port unless `port` is given) with `buckets` created.
 * @param {{ port?: number, buckets?: string[], region?: string, accessKeyId?: string, secretAccessKey?: string, anonymousRead?: boolean }} [options]
 */
export async function startS3({
  port = 0,
  buckets = ['test-bucket'],
  region = 'us-east-1',
  accessKeyId = 'test-key',
  secretAccessKey = 'test-secret',
  anonymousRead = true,
} = {}) {
  const started = Date.now();
  /** @type {Map<string, { created: Date, objects: Map<string, { body: Buffer, etag: string, modified: Date, headers: Record<string, string> }> }>} */
  const store = new Map();
  const uploads = new Map();
  const createBucket = (name) => {
    if (!BUCKET_NAME.test(name)) throw new S3Error(400, 'InvalidBucketName', 'The specified bucket is not valid.');
    if (!store.has(name)) store.set(name, { created: new Date(), objects: new Map() });
  };
  for (const name of buckets) createBucket(name);

  const bucketOf = (name) => {
    const bucket = store.get(name);
    if (!bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    return bucket;
  };

  function listObjects(res, bucketName, bucket, query, v2) {
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), 1000);
    const urlEncode = query.get('encoding-type') === 'url';
    const encode = (key) => (urlEncode ? encodeURIComponent(key).replaceAll('%2F', '/') : key);
    const token = query.get('continuation-token');
    const after = v2 ? (token ? Buffer.from(token, 'base64url').toString() : query.get('start-after') ?? '') : query.get('marker') ?? '';
    const keys = [...bucket.objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const contents = [];
    const prefixes = new Set();
    let last = null;
    let truncated = false;
    for (const key of keys) {
      const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
      const common = cut >= 0 ? key.slice(0, cut + delimiter.length) : null;
      if (common && prefixes.has(common)) continue;
      if (contents.length + prefixes.size >= maxKeys) {
        truncated = true;
        break;
      }
      if (common) prefixes.add(common);
      else contents.push(key);
      last = common ?? key;
    }
    const items =
      contents
        .map((key) => {
          const object = bucket.objects.get(key);
          return `<Contents>${tag('Key', encode(key))}${tag('LastModified', object.modified.toISOString())}${tag('ETag', object.etag)}${tag('Size', object.body.length)}<StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('') + [...prefixes].map((p) => `<CommonPrefixes>${tag('Prefix', encode(p))}</CommonPrefixes>`).join('');
    const head =
      tag('Name', bucketName) +
      `<Prefix>${escapeXml(encode(prefix))}</Prefix>` +
      tag('Delimiter', encode(delimiter)) +
      `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
      (urlEncode ? '<EncodingType>url</EncodingType>' : '');
    const paging = v2
      ? `<KeyCount>${contents.length + prefixes.size}</KeyCount>` +
        tag('ContinuationToken', token) +
        tag('StartAfter', query.get('start-after')) +
        (truncated ? tag('NextContinuationToken', Buffer.from(last).toString('base64url')) : '')
      : tag('Marker', query.get('marker') ?? '') + (truncated && delimiter ? tag('NextMarker', encode(last)) : '');
    sendXml(res, 200, xmlDocument('ListBucketResult', head + paging + items));
  }

  function sendXml(res, status, xml) {
    res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
    res.end(xml);
  }

  function sendObject(req, res, object) {
    const headers = {
      ...object.headers,
      etag: object.etag,
      'last-modified': object.modified.toUTCString(),
      'accept-ranges': 'bytes',
    };
    const noneMatch = req.headers['if-none-match'];
    const modifiedSince = req.headers['if-modified-since'];
    const notModified = noneMatch
      ? noneMatch.split(',').some((e) => e.trim() === object.etag || e.trim() === '*')
      : modifiedSince && Math.floor(object.modified.getTime() / 1000) <= Math.floor(Date.parse(modifiedSince) / 1000);
    if (notModified) {
      res.writeHead(304, { etag: headers.etag, 'last-modified': headers['last-modified'] });
      return res.end();
    }
    if (req.headers['if-match'] && !req.headers['if-match'].split(',').some((e) => e.trim() === object.etag || e.trim() === '*')) {
      throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
    }
    let body = object.body;
    let status = 200;
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (range && (range[1] || range[2])) {
      const size = object.body.length;
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
      body = object.body.subarray(start, end + 1);
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${size}`;
    }
    res.writeHead(status, { ...headers, 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function handle(req, res, raw) {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const query = url.searchParams;
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.length ? decodeURIComponent(rest.join('/')) : '';
    const write = !['GET', 'HEAD'].includes(req.method ?? '');
    const keyId = accessKeyOf(req, query);
    if ((keyId !== null || write || !anonymousRead) && keyId !== accessKeyId) {
      throw new S3Error(403, keyId === null ? 'AccessDenied' : 'InvalidAccessKeyId', keyId === null ? 'Access Denied' : 'The AWS Access Key Id you provided does not exist in our records.');
    }

    if (!bucketName) {
      if (req.method !== 'GET') throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      const list = [...store].map(([name, b]) => `<Bucket>${tag('Name', name)}${tag('CreationDate', b.created.toISOString())}</Bucket>`).join('');
      return sendXml(res, 200, xmlDocument('ListAllMyBucketsResult', `<Owner><ID>test</ID></Owner><Buckets>${list}</Buckets>`));
    }

    if (!key) {
      if (req.method === 'PUT') {
        if (store.has(bucketName)) throw new S3Error(409, 'BucketAlreadyOwnedByYou', 'Your previous request to create the named bucket succeeded and you already own it.');
        createBucket(bucketName);
        res.writeHead(200, { location: `/${bucketName}` });
        return res.end();
      }
      const bucket = bucketOf(bucketName);
      if (req.method === 'HEAD') {
        res.writeHead(200, { 'x-amz-bucket-region': region });
        return res.end();
      }
      if (req.method === 'DELETE') {
        if (bucket.objects.size) throw new S3Error(409, 'BucketNotEmpty', 'The bucket you tried to delete is not empty');
        store.delete(bucketName);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'GET' && [...query.keys()].every((name) => ['list-type', 'prefix', 'delimiter', 'max-keys', 'continuation-token', 'start-after', 'encoding-type', 'marker', 'fetch-owner'].includes(name))) {
        return listObjects(res, bucketName, bucket, query, query.get('list-type') === '2');
      }
      if (req.method === 'POST' && query.has('delete')) {
        const xml = payloadOf(req, raw).body.toString('utf8');
        const quiet = element(xml, 'Quiet') === 'true';
        const keys = elements(xml, 'Object').map((object) => unescapeXml(element(object, 'Key') ?? ''));
        for (const k of keys) bucket.objects.delete(k);
        const deleted = quiet ? '' : keys.map((k) => `<Deleted>${tag('Key', k)}</Deleted>`).join('');
        return sendXml(res, 200, xmlDocument('DeleteResult', deleted));
      }
      throw new S3Error(501, 'NotImplemented', `This test server does not implement ${req.method} ${url.pathname}${url.search}`);
    }

    const bucket = bucketOf(bucketName);
    const uploadId = query.get('uploadId');
    if (req.method === 'POST' && query.has('uploads')) {
      const id = randomUUID();
      uploads.set(id, { bucketName, key, headers: objectHeadersOf(req), parts: new Map() });
      return sendXml(res, 200, xmlDocument('InitiateMultipartUploadResult', tag('Bucket', bucketName) + tag('Key', key) + tag('UploadId', id)));
    }
    if (uploadId !== null) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.bucketName !== bucketName || upload.key !== key) {
        throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');
      }
      if (req.method === 'PUT') {
        const { body } = payloadOf(req, raw);
        const etag = etagOf(body);
        upload.parts.set(Number(query.get('partNumber')), { body, etag });
        res.writeHead(200, { etag });
        return res.end();
      }
      if (req.method === 'DELETE') {
        uploads.delete(uploadId);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'POST') {
        const xml = payloadOf(req, raw).body.toString('utf8');
        const listed = elements(xml, 'Part').map((part) => ({ number: Number(element(part, 'PartNumber')), etag: unescapeXml(element(part, 'ETag') ?? '') }));
        if (!listed.length) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
        const parts = listed.map(({ number, etag }, index) => {
          const part = upload.parts.get(number);
          if (!part || part.etag.replaceAll('"', '') !== etag.replaceAll('"', '')) throw new S3Error(400, 'InvalidPart', `Part ${number} was not uploaded or its ETag does not match.`);
          if (index > 0 && number <= listed[index - 1].number) throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
          if (index < listed.length - 1 && part.body.length < MIN_PART_BYTES) throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
          return part;
        });
        const body = Buffer.concat(parts.map((part) => part.body));
        const etag = `"${md5(Buffer.concat(parts.map((part) => Buffer.from(part.etag.replaceAll('"', ''), 'hex')))).toString('hex')}-${parts.length}"`;
        bucket.objects.set(key, { body, etag, modified: new Date(), headers: upload.headers });
        uploads.delete(uploadId);
        return sendXml(res, 200, xmlDocument('CompleteMultipartUploadResult', tag('Location', `/${bucketName}/${key}`) + tag('Bucket', bucketName) + tag('Key', key) + tag('ETag', etag)));
      }
    }
    if (req.method === 'PUT') {
      const copySource = req.headers['x-amz-copy-source'];
      if (copySource) {
        const [, fromBucket = '', ...fromKey] = decodeURIComponent(copySource.split('?')[0]).replace(/^\/?/, '/').split('/');
        const source = bucketOf(fromBucket).objects.get(fromKey.join('/'));
        if (!source) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        const headers = req.headers['x-amz-metadata-directive'] === 'REPLACE' ? objectHeadersOf(req) : { ...source.headers };
        const copy = { body: source.body, etag: source.etag, modified: new Date(), headers };
        bucket.objects.set(key, copy);
        return sendXml(res, 200, xmlDocument('CopyObjectResult', tag('LastModified', copy.modified.toISOString()) + tag('ETag', copy.etag)));
      }
      const { body, contentEncoding } = payloadOf(req, raw);
      const etag = etagOf(body);
      bucket.objects.set(key, { body, etag, modified: new Date(), headers: objectHeadersOf(req, contentEncoding) });
      res.writeHead(200, { etag });
      return res.end();
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = bucket.objects.get(key);
      if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      return sendObject(req, res, object);
    }
    if (req.method === 'DELETE') {
      bucket.objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    throw new S3Error(501, 'NotImplemented', `This test server does not implement ${req.method} ${url.pathname}${url.search}`);
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((error) => {
        const s3Error = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error?.stack ?? error));
        if (res.headersSent) return res.destroy();
        const resource = (req.url ?? '/').split('?')[0];
        const xml = xmlDocument('Error', tag('Code', s3Error.code) + tag('Message', s3Error.message) + tag('Resource', resource) + tag('RequestId', randomUUID()));
        // HEAD responses carry no body: the SDK reads the code from the status alone.
        res.writeHead(s3Error.status, { 'content-type': 'application/xml', 'content-length': req.method === 'HEAD' ? 0 : Buffer.byteLength(xml) });
        res.end(req.method === 'HEAD' ? undefined : xml);
      });
    });
  });
  // Clients and balancers keep connections open for reuse; the server must not close them first.
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  const forget = cleanupAtExit(() => server.closeAllConnections());
  const endpoint = `http://127.0.0.1:${actualPort}`;
  return {
    endpoint,
    port: actualPort,
    region,
    accessKeyId,
    secretAccessKey,
    buckets,
    startSeconds: secondsSince(started),
    /** The public URL of an object, as a CDN or public base URL would serve it. */
    publicUrl: (bucket, key) => `${endpoint}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
    createBucket,
    /** The bucket's keys, sorted: for assertions that objects were written or removed. */
    keys: (bucket) => [...bucketOf(bucket).objects.keys()].sort(),
    /** An object's stored bytes, or undefined. */
    read: (bucket, key) => bucketOf(bucket).objects.get(key)?.body,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      forget();
    },
  };
}

const HELP = `Usage: npx node scripts/services/s3.mjs <command> [options]

A small S3-compatible server for tests (in memory, path-style URLs, signatures not verified).

Commands:
  start      serve on 127.0.0.1, print S3_ENDPOINT=… and the other S3_* variables, until Ctrl-C

Options (start):
  --port N               port (default: a free one)
  --bucket NAME          bucket to create (default: test-bucket)
  --access-key-id ID     the only key id accepted (default: test-key; any secret is accepted)
  --private              reads need the key id too (default: anonymous reads, as a public bucket)
`;

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  await runCli(process.argv.slice(2), HELP, {
    start: (options) =>
      serveUntilSignal(
        () =>
          startS3({
            port: Number(options.port ?? 0),
            buckets: [options.bucket ?? 'test-bucket'],
            accessKeyId: options['access-key-id'] ?? 'test-key',
            anonymousRead: !options.private,
          }),
        (s3) => [
          `S3_ENDPOINT=${s3.endpoint}`,
          `S3_BUCKET=${s3.buckets[0]}`,
          `S3_REGION=${s3.region}`,
          `S3_ACCESS_KEY_ID=${s3.accessKeyId}`,
          `S3_SECRET_ACCESS_KEY=${s3.secretAccessKey}`,
          `S3_PUBLIC_URL=${s3.endpoint}/${s3.buckets[0]}`,
        ],
      ),
  });
}
