import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Env } from '../env';

/**
 * Where uploaded images and share images live, by key (`ab/<name>.webp`, `share/<name>.jpg`: the
 * part of their URL after /uploads/). Every write, read and delete of an upload file goes through it.
 */
export interface UploadStorage {
  /** The folder or bucket, for messages. */
  readonly description: string;
  /** Where browsers load keys from directly (S3_PUBLIC_URL, a CDN), without a trailing slash; null: through /uploads/. */
  readonly publicBaseUrl: string | null;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** The stored bytes as a stream with their size, or null when there is no such key. */
  stream(key: string): Promise<{ body: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** The stored object's size in bytes, or null when there is no such key. */
  size(key: string): Promise<number | null>;
  /** Removes these keys; keys that do not exist are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * The keys that start with `prefix` in its folder (`share/shop-`: the files of share/ named shop-…),
   * not those in folders below it, in no particular order.
   */
  list(prefix: string): Promise<string[]>;
  /** Throws, saying what and where, when the store cannot be used (checked once at start). */
  check(): Promise<void>;
}

/** The key of an /uploads/ URL, or null when it is none or would leave the store. */
export function keyOfUploadUrl(url: string): string | null {
  if (!url.startsWith('/uploads/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.slice('/uploads/'.length));
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  // Normalized below a root, so `..` cannot climb out of it.
  const key = path.posix.normalize(`/${decoded}`).slice(1);
  return key && !key.endsWith('/') ? key : null;
}

/** A key's address under a public base URL (S3_PUBLIC_URL, without its trailing slash), each segment encoded. */
export function publicUrlOfKey(publicBaseUrl: string, key: string): string {
  return `${publicBaseUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Where a browser loads an `/uploads/...` URL from: its address under the storage's public base URL
 * (a CDN) when there is one, so a page costs no redirect per image, else the URL itself (the app
 * serves it). Anything that is not an upload URL is returned as it is. Records keep `/uploads/` URLs;
 * this is applied only to what views send.
 */
export function browserUrlOf(storage: Pick<UploadStorage, 'publicBaseUrl'>, url: string): string {
  if (!storage.publicBaseUrl) return url;
  const key = keyOfUploadUrl(url);
  return key ? publicUrlOfKey(storage.publicBaseUrl, key) : url;
}

/** A listing prefix as its folder ('' for the top) and the start of the names in it. */
function splitPrefix(prefix: string): { folder: string; start: string } {
  const slash = prefix.lastIndexOf('/');
  return { folder: prefix.slice(0, slash + 1), start: prefix.slice(slash + 1) };
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

/** Today's uploads folder: a key is a file path below it. */
export function localStorage(dir: string): UploadStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    const file = path.resolve(root, `.${path.posix.normalize(`/${key}`)}`);
    if (!file.startsWith(root + path.sep)) throw new Error(`Upload key outside the uploads folder: ${key}`);
    return file;
  };
  return {
    description: `folder ${root}`,
    publicBaseUrl: null,
    async put(key, data) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed, so a reader never sees half a file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.promises.writeFile(temp, data);
      await fs.promises.rename(temp, file);
    },
    async get(key) {
      try {
        return await fs.promises.readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      const file = fileOf(key);
      try {
        const stat = await fs.promises.stat(file);
        return stat.isFile() ? { body: fs.createReadStream(file), size: stat.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      return fs.promises.stat(fileOf(key)).then(
        (stat) => stat.isFile(),
        () => false,
      );
    },
    async size(key) {
      return fs.promises.stat(fileOf(key)).then(
        (stat) => (stat.isFile() ? stat.size : null),
        () => null,
      );
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fs.promises.rm(fileOf(key), { force: true })));
    },
    async list(prefix) {
      const { folder, start } = splitPrefix(prefix);
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(folder ? fileOf(folder) : root, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      // put() writes beside the file then renames: a half-written .tmp is not a key.
      return entries.filter((e) => e.isFile() && e.name.startsWith(start) && !e.name.endsWith('.tmp')).map((e) => `${folder}${e.name}`);
    },
    async check() {
      await fs.promises.mkdir(root, { recursive: true });
    },
  };
}

export interface S3Settings {
  /** Omitted: AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A CDN or public bucket URL the browser loads images from. */
  publicUrl?: string;
}

// The AWS SDK costs about 30 MB of memory once loaded: it is loaded when the bucket is first used,
// so a server on the local folder never holds it.
type S3Sdk = typeof import('@aws-sdk/client-s3');

const notFound = (sdk: S3Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** An S3-compatible bucket: a key is an object key. */
export function s3Storage(settings: S3Settings): UploadStorage {
  const clientSettings = {
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
    // Checksums only where S3 requires them: S3-compatible servers that do not decode aws-chunked
    // bodies would otherwise store the chunk framing inside the image.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  } as const;
  let connecting: Promise<{ sdk: S3Sdk; client: InstanceType<S3Sdk['S3Client']> }> | undefined;
  const connect = () => (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(clientSettings) })));
  const Bucket = settings.bucket;
  const where = `bucket "${Bucket}" at ${settings.endpoint ?? `AWS S3 (${settings.region})`}`;
  return {
    description: where,
    publicBaseUrl: settings.publicUrl ? settings.publicUrl.replace(/\/+$/, '') : null,
    async put(key, data, contentType) {
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (notFound(sdk, error)) return null;
        throw error;
      }
    },
    async stream(key) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        const body = answer.Body instanceof Readable ? answer.Body : Readable.from([]);
        return { body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (notFound(sdk, error)) return null;
        throw error;
      }
    },
    async exists(key) {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (notFound(sdk, error)) return false;
        throw error;
      }
    },
    async size(key) {
      const { sdk, client } = await connect();
      try {
        return (await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
      } catch (error) {
        if (notFound(sdk, error)) return null;
        throw error;
      }
    },
    async delete(keys) {
      const { sdk, client } = await connect();
      // DeleteObjects takes at most 1000 keys a request.
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        const answer = await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`Could not delete ${failed.Key} from ${where}: ${failed.Code ?? ''} ${failed.Message ?? ''}`.trim());
      }
    },
    async list(prefix) {
      const { sdk, client } = await connect();
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, Delimiter: '/', ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async check() {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        const reason = notFound(sdk, error) ? 'it does not exist' : error instanceof Error ? error.message || error.name : String(error);
        throw new Error(`Cannot use the ${where}: ${reason}`, { cause: error });
      }
    },
  };
}

/** The storage the environment chooses (env.ts has checked that STORAGE=s3 comes with its settings). */
export function storageFromEnv(env: Pick<Env, 'STORAGE' | 'UPLOADS_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PUBLIC_URL'>): UploadStorage {
  if (env.STORAGE === 'local') return localStorage(env.UPLOADS_DIR);
  return s3Storage({
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    publicUrl: env.S3_PUBLIC_URL,
  });
}
