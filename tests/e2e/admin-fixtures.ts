import { randomUUID } from 'node:crypto';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createProduct, createShop, pngImage, type ProductOptions } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { ADMIN, createAccount, signInViaApi } from './fixtures';

/** Fixtures of the admin specs: shops and products made by the test factories in the e2e database. */

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

/** A shopkeeper (trial starting now) owning an active shop with active products (one by default). */
export async function seedShop(options: { shopName?: string; currency?: string; products?: ProductOptions[] } = {}): Promise<SeededShop> {
  const env = e2eEnv();
  const owner = await createAccount({ fullName: 'Shop Keeper', roles: ['shopkeeper'] });
  const name = options.shopName ?? uniqueName('Shop');
  const shop = await createShop(env, {
    owner: owner.id,
    name,
    slug: `e2e-${randomUUID().slice(0, 10)}`,
    description: `${name} sells test goods.`,
    whatsapp: '15551234567',
    currency: options.currency ?? 'USD',
  });
  const products = [];
  for (const product of options.products ?? [{}]) {
    const made = await createProduct(env, shop, { brand: 'E2E', stock: 25, ...product, name: product.name ?? uniqueName('Product') });
    products.push({ id: made.id, name: made.name, slug: made.slug });
  }
  return { shopId: shop.id, name, slug: shop.slug, owner: { email: owner.email, password: owner.password }, products };
}

/** A PNG banner of the given size (for the slider upload). */
export function bannerPng(width = 1200, height = 525): Promise<Buffer> {
  return pngImage('#0d7a6f', width, height);
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
