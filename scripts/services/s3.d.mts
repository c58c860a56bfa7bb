// Types of s3.mjs for the TypeScript tests that import it.

export interface TestS3 {
  /** http://127.0.0.1:<port>: the S3 endpoint, path-style (`forcePathStyle: true`). */
  endpoint: string;
  port: number;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  buckets: string[];
  startSeconds: number;
  /** The URL an anonymous GET reads the object from (what a public base URL points at). */
  publicUrl(bucket: string, key: string): string;
  createBucket(name: string): void;
  /** The bucket's keys, sorted. */
  keys(bucket: string): string[];
  /** An object's stored bytes, or undefined. */
  read(bucket: string, key: string): Buffer | undefined;
  stop(): Promise<void>;
}

export function startS3(options?: {
  port?: number;
  buckets?: string[];
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** GET and HEAD without credentials, as a public-read bucket (default true). */
  anonymousRead?: boolean;
}): Promise<TestS3>;
