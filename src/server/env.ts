import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TRIAL_MINUTES } from '../shared/constants';

/** The only reader of process.env (product-decisions section 1, the operator's contract). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_PATH: z.string().min(1).default('db/marketplace.sqlite'),
  UPLOADS_DIR: z.string().min(1).default('uploads'),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).optional(),
  ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
  AUTH_SECRET: z.string().min(16, 'AUTH_SECRET must be at least 16 characters').optional(),
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\+?\d{6,15}$/, 'SUPPORT_WHATSAPP must be digits with the country code')
    .transform((v) => v.replace(/^\+/, ''))
    .optional(),
  TRIAL_MINUTES: z.coerce.number().positive().default(DEFAULT_TRIAL_MINUTES),
  /** Public origin used in share metadata, e.g. https://shop.example.com; defaults to the request's host. */
  PUBLIC_URL: z.url().optional(),
  CLIENT_DIST: z.string().default('dist/client'),
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
  return { ...parsed.data, dataDir: path.dirname(path.resolve(parsed.data.DATABASE_PATH)) };
}
