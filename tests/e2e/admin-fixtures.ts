import { randomUUID } from 'node:crypto';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eDb } from './e2e-db';
import { ADMIN, signInViaApi } from './fixtures';

/** Fixtures of the admin specs: shops and products written straight into the e2e database. */

// Sign-in is rate-limited per account (10 per 15 minutes), so each test worker signs the admin in
// once and gives later tests the same session cookie.
let adminCookies: Awaited<ReturnType<BrowserContext['cookies']>> | null = null;

export async function signInAsAdmin(page: Page): Promise<void> {
  if (adminCookies) {
    await page.context().addCookies(adminCookies);
    return;
  }
  await signInViaApi(page, ADMIN.email, ADMIN.password);
  adminCookies = await page.context().cookies();
}

// A fixed scrypt hash of "password123" (as in src/server/testing/test-app.ts), so fixtures neither pay
// for hashing nor use the rate-limited sign-up endpoint.
const PASSWORD = 'password123';
const PASSWORD_HASH =
  'scrypt$32768$8$1$FUSB1cTZsee4tpkeHpI2Cg==$Z+X5YBb2NdBtDrz5sp8W4f0BMoTz7QM6LVf20OL29Zzgi7nwN+l7BlW8D0MaRGi4smHp/6q3Om0pRtisUxwM8Q==';

/** An account written straight into the database, with the given role chosen (trial starting now). */
export function insertAccount(role: 'buyer' | 'shopkeeper' | null, fullName = 'Test Person'): { id: number; email: string; password: string } {
  const db = e2eDb();
  try {
    const now = new Date().toISOString();
    const email = `admin-e2e-${randomUUID().slice(0, 12)}@e2e.test`;
    const { id } = db.prepare('insert into users (email, password_hash, created_at) values (?, ?, ?) returning id').get(email, PASSWORD_HASH, now) as { id: number };
    db.prepare('insert into profiles (user_id, full_name, phone, avatar_url, trial_start_at, role_selected, updated_at) values (?, ?, ?, null, ?, ?, ?)').run(
      id,
      fullName,
      '+15550000000',
      role === 'shopkeeper' ? now : null,
      role ? 1 : 0,
      now,
    );
    if (role) db.prepare('insert into user_roles (user_id, role, created_at) values (?, ?, ?)').run(id, role, now);
    return { id, email, password: PASSWORD };
  } finally {
    db.close();
  }
}

/** A signed-in user with the given role, without the rate-limited sign-up endpoint. */
export async function signedInAsNew(page: Page, role: 'buyer' | 'shopkeeper' | null, fullName?: string) {
  const account = insertAccount(role, fullName);
  await signInViaApi(page, account.email, account.password);
  return account;
}

export function uniqueName(prefix: string): string {
  return `${prefix} ${randomUUID().slice(0, 6)}`;
}

export interface SeededShop {
  shopId: number;
  name: string;
  slug: string;
  owner: { email: string; password: string };
  products: Array<{ id: number; name: string; slug: string }>;
}

/**
 * A shopkeeper (signed up through the API, role chosen) owning an active shop with active products.
 * `trialStartAt` defaults to now.
 */
export async function seedShop(
  _page: Page,
  options: { shopName?: string; productNames?: string[]; priceMinor?: number; currency?: string } = {},
): Promise<SeededShop> {
  const account = insertAccount('shopkeeper', 'Shop Keeper');
  const db = e2eDb();
  try {
    const now = new Date().toISOString();
    const user = { id: account.id };
    const name = options.shopName ?? uniqueName('Shop');
    const slug = `e2e-${randomUUID().slice(0, 10)}`;
    const shop = db
      .prepare(
        `insert into shops (owner_id, name, slug, description, whatsapp_number, currency, is_active, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, 1, ?, ?) returning id`,
      )
      .get(user.id, name, slug, `${name} sells test goods.`, '15551234567', options.currency ?? 'USD', now, now) as { id: number };
    const products = (options.productNames ?? [uniqueName('Product')]).map((productName) => {
      const productSlug = `${productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now()}`;
      const row = db
        .prepare(
          `insert into products (shop_id, name, slug, brand, selling_price, currency, stock_amount, unit, is_active, created_at, updated_at)
           values (?, ?, ?, 'E2E', ?, ?, 25, 'pieces', 1, ?, ?) returning id`,
        )
        .get(shop.id, productName, productSlug, options.priceMinor ?? 1999, options.currency ?? 'USD', now, now) as { id: number };
      return { id: row.id, name: productName, slug: productSlug };
    });
    return { shopId: shop.id, name, slug, owner: { email: account.email, password: account.password }, products };
  } finally {
    db.close();
  }
}

/** A PNG banner of the given size written to memory (for the slider upload). */
export async function bannerPng(width = 1200, height = 525): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 13, g: 122, b: 111 } } })
    .png()
    .toBuffer();
}

/** A file larger than 5 MB that is still a real image (random pixels do not compress). */
export async function largePng(): Promise<Buffer> {
  const width = 1400;
  const height = 1400;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const png = await sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  expect(png.length).toBeGreaterThan(5 * 1024 * 1024);
  return png;
}
