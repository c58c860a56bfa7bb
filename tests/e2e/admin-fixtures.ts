import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eDb } from './e2e-db';
import { ADMIN, createAccount, signInViaApi } from './fixtures';

/** Fixtures of the admin specs: shops and products written straight into the e2e database. */

export async function signInAsAdmin(page: Page): Promise<void> {
  await signInViaApi(page, ADMIN.email, ADMIN.password);
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
  page: Page,
  options: { shopName?: string; productNames?: string[]; priceMinor?: number; currency?: string } = {},
): Promise<SeededShop> {
  const account = await createAccount(page.request, { fullName: 'Shop Keeper' });
  const db = e2eDb();
  try {
    const now = new Date().toISOString();
    const user = db.prepare('select id from users where email = ?').get(account.email.toLowerCase()) as { id: number };
    db.prepare('insert into user_roles (user_id, role, created_at) values (?, ?, ?)').run(user.id, 'shopkeeper', now);
    db.prepare('update profiles set role_selected = 1, trial_start_at = ? where user_id = ?').run(now, user.id);
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
