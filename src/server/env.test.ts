import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEnv } from './env';

/** loadEnv's start-up error: what it prints before exiting. */
function startupError(source: Record<string, string>): string {
  const printed: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
  vi.spyOn(process, 'exit').mockImplementation(() => {
    throw new Error('exit');
  });
  expect(() => loadEnv(source)).toThrow('exit');
  return printed.join('\n');
}

describe('limits and proxy trust from the environment', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has defaults: no proxy trusted, 1 MB API bodies, 20 calls a batch, the policies of rate-limit.ts', () => {
    const env = loadEnv({});
    expect(env.TRUST_PROXY).toBeNull();
    expect([env.API_MAX_BODY, env.API_MAX_BATCH, env.AUTH_MAX_BODY, env.RATE_LIMIT_MAX_KEYS]).toEqual([1024 * 1024, 20, 16 * 1024, 100_000]);
    expect(env.RATE_LIMIT_CHECKOUT).toEqual({ limit: 30, windowMs: 10 * 60_000 });
  });

  it('reads every variable', () => {
    const env = loadEnv({
      TRUST_PROXY: '2',
      API_MAX_BODY: '2mb',
      API_MAX_BATCH: '50',
      AUTH_MAX_BODY: '8kb',
      RATE_LIMIT_CHECKOUT: '100/1h',
      RATE_LIMIT_SIGN_IN_ACCOUNT: '5/30m',
      RATE_LIMIT_MAX_KEYS: '5000',
    });
    expect(env.TRUST_PROXY).toEqual({ hops: 2 });
    expect([env.API_MAX_BODY, env.API_MAX_BATCH, env.AUTH_MAX_BODY, env.RATE_LIMIT_MAX_KEYS]).toEqual([2 * 1024 * 1024, 50, 8 * 1024, 5000]);
    expect(env.RATE_LIMIT_CHECKOUT).toEqual({ limit: 100, windowMs: 3_600_000 });
    expect(env.RATE_LIMIT_SIGN_IN_ACCOUNT).toEqual({ limit: 5, windowMs: 1_800_000 });
    expect(loadEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 2001:db8::/32' }).TRUST_PROXY).toHaveProperty('proxies');
  });

  it('refuses to start with a clear message for each invalid value', () => {
    expect(startupError({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY "true" would let any client choose its own address');
    expect(startupError({ TRUST_PROXY: '10.0.0.0/33' })).toContain('TRUST_PROXY "10.0.0.0/33" is not an address, a CIDR range');
    expect(startupError({ TRUST_PROXY: 'proxy.internal' })).toContain('TRUST_PROXY "proxy.internal" is not an address');
    expect(startupError({ API_MAX_BODY: '10' })).toContain('API_MAX_BODY must be between 256 KB and 64 MB');
    expect(startupError({ API_MAX_BODY: 'big' })).toContain('API_MAX_BODY must be a size in bytes');
    expect(startupError({ API_MAX_BATCH: '5' })).toContain('API_MAX_BATCH must be at least 10');
    expect(startupError({ RATE_LIMIT_CHECKOUT: '30 per 10 minutes' })).toContain('RATE_LIMIT_CHECKOUT must be a count per window, like 30/10m');
    expect(startupError({ RATE_LIMIT_MAX_KEYS: '10' })).toContain('RATE_LIMIT_MAX_KEYS must be at least 1000');
  });
});

describe('upload storage from the environment', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the uploads folder by default and reads the S3 settings', () => {
    expect(loadEnv({}).STORAGE).toBe('local');
    const env = loadEnv({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'images',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.com/images',
    });
    expect(env).toMatchObject({ STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'images', S3_REGION: 'us-east-1', S3_PUBLIC_URL: 'https://cdn.example.com/images' });
  });

  it('refuses an incomplete or invalid S3 configuration with a clear message', () => {
    expect(startupError({ STORAGE: 's3', S3_BUCKET: 'images' })).toContain('STORAGE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect(startupError({ STORAGE: 'bucket' })).toContain('STORAGE must be local or s3');
    expect(startupError({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'localhost' })).toContain(
      'S3_ENDPOINT must be a URL',
    );
  });
});

describe('the default delivery fee from the environment', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is 0 unless set, in major units, and refuses anything that is not an amount', () => {
    expect(loadEnv({}).DELIVERY_FEE_DEFAULT).toBe('0');
    expect(loadEnv({ DELIVERY_FEE_DEFAULT: ' 150 ' }).DELIVERY_FEE_DEFAULT).toBe('150');
    expect(loadEnv({ DELIVERY_FEE_DEFAULT: '2.50' }).DELIVERY_FEE_DEFAULT).toBe('2.50');
    for (const bad of ['-5', 'free', '1,000', '1.2345']) {
      expect(startupError({ DELIVERY_FEE_DEFAULT: bad })).toContain('DELIVERY_FEE_DEFAULT must be an amount in major units of 0 or more');
    }
  });
});

describe('the country code of WhatsApp links from the environment', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is 92 unless set, 1-3 digits with an optional +, and refuses anything else', () => {
    expect(loadEnv({}).DEFAULT_COUNTRY_CODE).toBe('92');
    expect(loadEnv({ DEFAULT_COUNTRY_CODE: '44' }).DEFAULT_COUNTRY_CODE).toBe('44');
    expect(loadEnv({ DEFAULT_COUNTRY_CODE: ' +1 ' }).DEFAULT_COUNTRY_CODE).toBe('1');
    expect(loadEnv({ DEFAULT_COUNTRY_CODE: '971' }).DEFAULT_COUNTRY_CODE).toBe('971');
    for (const bad of ['0092', '092', '1234', 'PK', '+', '9 2']) {
      expect(startupError({ DEFAULT_COUNTRY_CODE: bad }), bad).toContain('DEFAULT_COUNTRY_CODE must be a country calling code of 1-3 digits, such as 92');
    }
  });
});

describe('email from the environment', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is off without SMTP_URL, and reads a URL with an encoded login', () => {
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    const env = loadEnv({ SMTP_URL: 'smtps://shop%40example.com:p%3Ass@mail.example.com', MAIL_FROM: 'shop@example.com' });
    expect(env.SMTP_URL).toEqual({ host: 'mail.example.com', port: 465, secure: true, user: 'shop@example.com', pass: 'p:ss' });
    expect(loadEnv({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.co' }).SMTP_URL).toMatchObject({ port: 2525, secure: false, user: null });
  });

  it('stops the start with the reason for a malformed SMTP_URL or a missing MAIL_FROM, never echoing the password', () => {
    expect(startupError({ SMTP_URL: 'mail.example.com', MAIL_FROM: 'a@b.co' })).toContain('SMTP_URL must be a URL such as smtps://');
    expect(startupError({ SMTP_URL: 'https://user:secret@mail.example.com', MAIL_FROM: 'a@b.co' })).toMatch(/SMTP_URL must start with smtp:\/\/ or smtps:\/\/$/m);
    expect(startupError({ SMTP_URL: 'smtps://user:sec%ZZret@mail.example.com', MAIL_FROM: 'a@b.co' })).not.toContain('sec%ZZret');
    expect(startupError({ SMTP_URL: 'smtp://mail.example.com' })).toContain('SMTP_URL needs MAIL_FROM');
    expect(startupError({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'not an address' })).toContain('MAIL_FROM must be an email address');
  });
});
