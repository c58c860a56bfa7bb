import sharp from 'sharp';
import type { DB } from '../db/client';
import type { TestEnv } from '../testing/test-app';
import { createUser } from '../testing/test-app';
import { storeImage } from '../uploads/uploads.service';

/** Fixtures for the shopkeeper's router tests: a shopkeeper with a shop, and real uploaded images. */
export async function shopkeeperWithShop(env: TestEnv, slug: string, options: { currency?: string } = {}) {
  const userId = await createUser(env.db, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
  const shop = await env.as(userId).shops.create({
    name: `Shop ${slug}`,
    slug,
    whatsappNumber: '+92 300 1234567',
    currency: options.currency ?? 'USD',
    taxRate: '0',
  });
  return { userId, shopId: shop.id };
}

export async function pngBuffer(color = '#ff0000', size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } }).png().toBuffer();
}

export async function uploadFor(env: TestEnv, userId: number, color = '#00ff00') {
  return storeImage(env.db, env.config.uploadsDir, userId, await pngBuffer(color), env.clock.now);
}

export async function countRows(db: DB, table: 'shops' | 'products' | 'product_images' | 'categories' | 'uploads') {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
