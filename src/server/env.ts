import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_UNITS_PER_PRODUCT, MAX_LINE_QUANTITY } from '../shared/cart';
import { DEFAULT_TRIAL_MINUTES } from '../shared/constants';
import { COUNTRY_CODE_PATTERN, DEFAULT_COUNTRY_CODE } from '../shared/phone';
import { DEFAULT_ACTIVITY_RETENTION_DAYS } from './activity/activity.service';
import { DEFAULT_SESSION_CACHE_ENTRIES } from './auth/session-cache';
import { DEFAULT_OWN_READS_MAX_BYTES } from './cache/own-reads';
import { DEFAULT_PUBLIC_CACHE } from './cache/public-cache';
import { parseTrustProxy } from './http/client-address';
import { parseSmtpUrl } from './mail/transport';
import { DEFAULT_REQUEST_LIMITS, formatBytes, LIMIT_BOUNDS, parseBytes } from './http/limits';
import { DEFAULT_MAX_KEYS, DEFAULT_POLICIES, parseRateLimit } from './rate-limit';
import { MAX_SITEMAP_CHUNK } from './seo/sitemaps';

/** A variable read by one of the server's own parsers, whose error says what is wrong with it. */
function readWith<T>(name: string, parse: (text: string) => T) {
  return z.string().transform((text, ctx): T => {
    try {
      return parse(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `${name} ${error instanceof Error ? error.message : 'is not valid'}` });
      return z.NEVER;
    }
  });
}

/** A size in bytes ("1048576", "64kb", "1mb") within bounds. */
function bytes(name: string, bounds: { min: number; max: number }) {
  return readWith(name, (text) => {
    const value = parseBytes(text);
    if (value < bounds.min || value > bounds.max) throw new Error(`must be between ${formatBytes(bounds.min)} and ${formatBytes(bounds.max)}`);
    return value;
  });
}

/** A rate limit as count/window ("30/10m"), see rate-limit.ts. */
const rateLimit = (name: string) => readWith(name, parseRateLimit);

/** The only reader of process.env (product-decisions section 1, the operator's contract). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_PATH: z.string().min(1).default('db/marketplace.sqlite'),
  /** When set, the data lives in this PostgreSQL database instead of the SQLite file at DATABASE_PATH. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/./, 'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/marketplace')
    .optional(),
  /** Connections each instance keeps open to PostgreSQL at most. */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'DATABASE_POOL_SIZE must be a whole number' })
    .int('DATABASE_POOL_SIZE must be a whole number')
    .min(1, 'DATABASE_POOL_SIZE must be at least 1')
    .max(1000, 'DATABASE_POOL_SIZE must be at most 1000')
    .default(10),
  /** Named prepared statements on PostgreSQL (db/prepared-statements.ts); off behind a PgBouncer in transaction mode older than 1.21. */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off'], { error: 'DATABASE_PREPARED_STATEMENTS must be on or off' }).default('on'),
  UPLOADS_DIR: z.string().min(1).default('uploads'),
  /** Where uploads live: the UPLOADS_DIR folder, or an S3-compatible bucket (the S3_* variables). */
  STORAGE: z.enum(['local', 's3'], { error: 'STORAGE must be local or s3' }).default('local'),
  /** Omitted with STORAGE=s3: AWS S3 itself. */
  S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT must be a URL such as http://127.0.0.1:9000' }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** A CDN or public bucket URL browsers load images from; without it the server streams /uploads/* from the bucket. */
  S3_PUBLIC_URL: z.url({ error: 'S3_PUBLIC_URL must be a URL such as https://cdn.example.com/images' }).optional(),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).optional(),
  ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
  AUTH_SECRET: z.string().min(16, 'AUTH_SECRET must be at least 16 characters').optional(),
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\+?\d{6,15}$/, 'SUPPORT_WHATSAPP must be digits with the country code')
    .transform((v) => v.replace(/^\+/, ''))
    .optional(),
  /** The country code a phone number written locally (with its trunk 0) takes in WhatsApp links; 1-3 digits. */
  DEFAULT_COUNTRY_CODE: z
    .string()
    .trim()
    .transform((v) => v.replace(/^\+/, ''))
    .pipe(z.string().regex(COUNTRY_CODE_PATTERN, 'DEFAULT_COUNTRY_CODE must be a country calling code of 1-3 digits, such as 92'))
    .default(DEFAULT_COUNTRY_CODE),
  TRIAL_MINUTES: z.coerce.number().positive().default(DEFAULT_TRIAL_MINUTES),
  /**
   * The public origin, e.g. https://shop.example.com: every absolute URL (canonical, link previews,
   * sitemaps, structured data) starts with it; unset, http://localhost:PORT (the log says so at start).
   */
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a URL such as https://shop.example.com' }).optional(),
  /** URLs in one sitemap chunk (/sitemaps/products-N.xml); the sitemap protocol allows at most 50,000. */
  SITEMAP_CHUNK_SIZE: z.coerce
    .number({ error: 'SITEMAP_CHUNK_SIZE must be a whole number' })
    .int('SITEMAP_CHUNK_SIZE must be a whole number')
    .min(1, 'SITEMAP_CHUNK_SIZE must be at least 1')
    .max(MAX_SITEMAP_CHUNK, `SITEMAP_CHUNK_SIZE must be at most ${MAX_SITEMAP_CHUNK} (the sitemap protocol's limit)`)
    .default(MAX_SITEMAP_CHUNK),
  /** Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed: a hop count or addresses (http/client-address.ts). */
  TRUST_PROXY: readWith('TRUST_PROXY', parseTrustProxy).default(null),
  API_MAX_BODY: bytes('API_MAX_BODY', LIMIT_BOUNDS.apiBodyBytes).default(DEFAULT_REQUEST_LIMITS.apiBodyBytes),
  API_MAX_BATCH: z.coerce
    .number({ error: 'API_MAX_BATCH must be a whole number' })
    .int('API_MAX_BATCH must be a whole number')
    .min(LIMIT_BOUNDS.apiBatchCalls.min, `API_MAX_BATCH must be at least ${LIMIT_BOUNDS.apiBatchCalls.min} (the app's own batches)`)
    .max(LIMIT_BOUNDS.apiBatchCalls.max, `API_MAX_BATCH must be at most ${LIMIT_BOUNDS.apiBatchCalls.max}`)
    .default(DEFAULT_REQUEST_LIMITS.apiBatchCalls),
  AUTH_MAX_BODY: bytes('AUTH_MAX_BODY', LIMIT_BOUNDS.authBodyBytes).default(DEFAULT_REQUEST_LIMITS.authBodyBytes),
  RATE_LIMIT_SIGN_IN_ACCOUNT: rateLimit('RATE_LIMIT_SIGN_IN_ACCOUNT').default(DEFAULT_POLICIES.signInPerAccount),
  RATE_LIMIT_SIGN_IN_CLIENT: rateLimit('RATE_LIMIT_SIGN_IN_CLIENT').default(DEFAULT_POLICIES.signInPerClient),
  RATE_LIMIT_SIGN_UP: rateLimit('RATE_LIMIT_SIGN_UP').default(DEFAULT_POLICIES.signUpPerClient),
  RATE_LIMIT_GUEST_TRACKING: rateLimit('RATE_LIMIT_GUEST_TRACKING').default(DEFAULT_POLICIES.guestTrackingPerClient),
  RATE_LIMIT_CHECKOUT: rateLimit('RATE_LIMIT_CHECKOUT').default(DEFAULT_POLICIES.checkoutPerClient),
  RATE_LIMIT_COUPON_APPLY: rateLimit('RATE_LIMIT_COUPON_APPLY').default(DEFAULT_POLICIES.couponApplyPerClient),
  RATE_LIMIT_UPLOADS: rateLimit('RATE_LIMIT_UPLOADS').default(DEFAULT_POLICIES.uploadsPerUser),
  RATE_LIMIT_REPORTS: rateLimit('RATE_LIMIT_REPORTS').default(DEFAULT_POLICIES.reportsPerClient),
  RATE_LIMIT_BACK_IN_STOCK: rateLimit('RATE_LIMIT_BACK_IN_STOCK').default(DEFAULT_POLICIES.backInStockPerClient),
  RATE_LIMIT_PASSWORD_RESET_CLIENT: rateLimit('RATE_LIMIT_PASSWORD_RESET_CLIENT').default(DEFAULT_POLICIES.passwordResetPerClient),
  RATE_LIMIT_PASSWORD_RESET_EMAIL: rateLimit('RATE_LIMIT_PASSWORD_RESET_EMAIL').default(DEFAULT_POLICIES.passwordResetPerEmail),
  /** Keys the rate limiter holds at most (about 300 bytes each: 100,000 take about 30 MB; on PostgreSQL, rows of rate_limits); past it the oldest go. */
  RATE_LIMIT_MAX_KEYS: z.coerce
    .number({ error: 'RATE_LIMIT_MAX_KEYS must be a whole number' })
    .int('RATE_LIMIT_MAX_KEYS must be a whole number')
    .min(1000, 'RATE_LIMIT_MAX_KEYS must be at least 1000')
    .max(10_000_000, 'RATE_LIMIT_MAX_KEYS must be at most 10000000')
    .default(DEFAULT_MAX_KEYS),
  CLIENT_DIST: z.string().default('dist/client'),
  /** On SIGTERM/SIGINT, how long requests in flight may take to finish before their connections are closed. */
  SHUTDOWN_TIMEOUT_S: z.coerce
    .number({ error: 'SHUTDOWN_TIMEOUT_S must be a number of seconds' })
    .min(0, 'SHUTDOWN_TIMEOUT_S must be 0 or more seconds')
    .max(3600, 'SHUTDOWN_TIMEOUT_S must be at most 3600 seconds')
    .default(10),
  /**
   * How long an idle keep-alive connection stays open. Above a load balancer's own idle timeout for its
   * upstream connections (nginx 60 s), or the balancer reuses one the server is closing and answers 502.
   */
  KEEP_ALIVE_TIMEOUT_S: z.coerce
    .number({ error: 'KEEP_ALIVE_TIMEOUT_S must be a number of seconds' })
    .min(1, 'KEEP_ALIVE_TIMEOUT_S must be at least 1 second')
    .max(3600, 'KEEP_ALIVE_TIMEOUT_S must be at most 3600 seconds')
    .default(65),
  /** Units of one product in one order, at most MAX_LINE_QUANTITY (the bound that keeps totals exact). */
  MAX_UNITS_PER_PRODUCT: z.coerce
    .number({ error: 'MAX_UNITS_PER_PRODUCT must be a whole number' })
    .int('MAX_UNITS_PER_PRODUCT must be a whole number')
    .min(1, 'MAX_UNITS_PER_PRODUCT must be at least 1')
    .max(MAX_LINE_QUANTITY, `MAX_UNITS_PER_PRODUCT must be at most ${MAX_LINE_QUANTITY}`)
    .default(DEFAULT_MAX_UNITS_PER_PRODUCT),
  /**
   * The delivery fee of a shop that never set its own rule, in major units of the shop's currency
   * ("150", "2.5"): read in each shop's currency, rounded to its minor unit.
   */
  DELIVERY_FEE_DEFAULT: z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,3})?$/, 'DELIVERY_FEE_DEFAULT must be an amount in major units of 0 or more, such as 150 or 2.50')
    .default('0'),
  /** The marketplace's time zone (IANA name): the days of cash received, "this month", and the dates of CSV exports. */
  TIME_ZONE: z
    .string()
    .trim()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'TIME_ZONE must be a time zone name such as Asia/Karachi')
    .default('Asia/Karachi'),
  /** A user's uploaded images that no record uses yet; more are refused until some are saved or discarded. */
  MAX_PENDING_UPLOADS: z.coerce
    .number({ error: 'MAX_PENDING_UPLOADS must be a whole number' })
    .int('MAX_PENDING_UPLOADS must be a whole number')
    .min(1, 'MAX_PENDING_UPLOADS must be at least 1')
    .default(20),
  /** Images decoded at once (each can take a few hundred MB while decoding), and uploads waiting for one. */
  IMAGE_CONCURRENCY: z.coerce
    .number({ error: 'IMAGE_CONCURRENCY must be a whole number' })
    .int('IMAGE_CONCURRENCY must be a whole number')
    .min(1, 'IMAGE_CONCURRENCY must be at least 1')
    .max(64, 'IMAGE_CONCURRENCY must be at most 64')
    .default(2),
  SESSION_CACHE_MAX_ENTRIES: z.coerce
    .number({ error: 'SESSION_CACHE_MAX_ENTRIES must be a whole number' })
    .int('SESSION_CACHE_MAX_ENTRIES must be a whole number')
    .min(0, 'SESSION_CACHE_MAX_ENTRIES must be 0 or more')
    .max(1_000_000, 'SESSION_CACHE_MAX_ENTRIES must be at most 1000000')
    .default(DEFAULT_SESSION_CACHE_ENTRIES),
  IMAGE_QUEUE: z.coerce
    .number({ error: 'IMAGE_QUEUE must be a whole number' })
    .int('IMAGE_QUEUE must be a whole number')
    .min(0, 'IMAGE_QUEUE must be 0 or more')
    .default(8),
  /** When set, the server writes a backup there every BACKUP_INTERVAL_HOURS and keeps the newest BACKUP_KEEP. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: 'BACKUP_INTERVAL_HOURS must be a number of hours' })
    .positive('BACKUP_INTERVAL_HOURS must be more than 0')
    .max(24 * 366, 'BACKUP_INTERVAL_HOURS must be at most a year (8784)')
    .default(24),
  BACKUP_KEEP: z.coerce
    .number({ error: 'BACKUP_KEEP must be a whole number' })
    .int('BACKUP_KEEP must be a whole number')
    .min(1, 'BACKUP_KEEP must be at least 1')
    .default(7),
  /** Days the activity log keeps an entry; housekeeping removes older ones, the log's only delete (issue 49). */
  ACTIVITY_RETENTION_DAYS: z.coerce
    .number({ error: 'ACTIVITY_RETENTION_DAYS must be a whole number of days' })
    .int('ACTIVITY_RETENTION_DAYS must be a whole number of days')
    .min(30, 'ACTIVITY_RETENTION_DAYS must be at least 30')
    .max(36_500, 'ACTIVITY_RETENTION_DAYS must be at most 36500 (a hundred years)')
    .default(DEFAULT_ACTIVITY_RETENTION_DAYS),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /**
   * The mail server, e.g. smtps://user:password@mail.example.com:465 (mail/transport.ts). Unset: no email
   * is sent and none is claimed to be; resets go through the admin's one-time link.
   */
  SMTP_URL: readWith('SMTP_URL', parseSmtpUrl).optional(),
  /** The address emails come from (the marketplace's name is the sender name); required with SMTP_URL. */
  MAIL_FROM: z
    .string()
    .trim()
    .pipe(z.email({ error: 'MAIL_FROM must be an email address such as shop@example.com' }))
    .optional(),
  /** When set, /metrics requires it as a bearer token. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** /readyz answers 503 when the disk of the database or uploads has less free space than this. */
  DISK_MIN_FREE_MB: z.coerce.number({ error: 'DISK_MIN_FREE_MB must be a number of megabytes' }).min(0).default(100),
  /** Bytes the cache of public reads may hold (cache/public-cache.ts); 0 turns it off. */
  PUBLIC_CACHE_MAX_BYTES: bytes('PUBLIC_CACHE_MAX_BYTES', { min: 0, max: 1024 * 1024 * 1024 }).default(DEFAULT_PUBLIC_CACHE.maxBytes),
  /** Seconds a cached public read may be served: bounds what a write by another process leaves stale. */
  PUBLIC_CACHE_MAX_AGE_S: z.coerce
    .number({ error: 'PUBLIC_CACHE_MAX_AGE_S must be a number of seconds' })
    .min(0, 'PUBLIC_CACHE_MAX_AGE_S must be 0 or more seconds')
    .max(3600, 'PUBLIC_CACHE_MAX_AGE_S must be at most 3600 seconds')
    .default(DEFAULT_PUBLIC_CACHE.maxAgeMs / 1000),
  /** Bytes the cache of callers' own reads may hold (cache/own-reads.ts); 0 turns it off. */
  OWN_READS_CACHE_MAX_BYTES: bytes('OWN_READS_CACHE_MAX_BYTES', { min: 0, max: 1024 * 1024 * 1024 }).default(DEFAULT_OWN_READS_MAX_BYTES),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

function emptyToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]));
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(emptyToUndefined(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    console.error(`Invalid environment:\n${lines}`);
    process.exit(1);
  }
  if (Boolean(parsed.data.ADMIN_EMAIL) !== Boolean(parsed.data.ADMIN_PASSWORD)) {
    console.error('Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    process.exit(1);
  }
  if (parsed.data.SMTP_URL && !parsed.data.MAIL_FROM) {
    console.error('Invalid environment:\n  SMTP_URL needs MAIL_FROM, the address emails come from (such as shop@example.com)');
    process.exit(1);
  }
  if (parsed.data.STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !parsed.data[name]);
    if (missing.length > 0) {
      console.error(`Invalid environment:\n  STORAGE=s3 needs ${missing.join(', ')} (and S3_ENDPOINT unless the bucket is on AWS S3)`);
      process.exit(1);
    }
  }
  return { ...parsed.data, dataDir: path.dirname(path.resolve(parsed.data.DATABASE_PATH)) };
}
