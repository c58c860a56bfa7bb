import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/server/db/client';
import { countRows, createTestDb } from '../../src/server/testing/test-app';
import { bootstrapAdmin } from '../../src/server/users/users.service';
import { seedDemo } from './seed';

describe('npm run seed', () => {
  let db: DB;
  let uploadsDir = '';
  beforeAll(async () => {
    const fresh = createTestDb();
    db = fresh.db;
    uploadsDir = path.join(fresh.dir, 'uploads');
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('fills a database that holds only the admin from ADMIN_EMAIL, once', async () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    // The server started once with ADMIN_EMAIL set; the seed then runs without it.
    await bootstrapAdmin(db, 'owner@example.test', 'owner-password', now);
    const counts = await seedDemo(db, { uploadsDir, now });
    expect(counts).toMatchObject({ shops: 4, products: 20, orders: 32, sliders: 3 });
    expect(await countRows(db, 'shops')).toBe(4);
    expect(await countRows(db, 'products')).toBe(20);
    expect(await countRows(db, 'orders')).toBe(32);

    expect(await seedDemo(db, { uploadsDir, now })).toBeNull();
    expect(await countRows(db, 'shops')).toBe(4);
  }, 60_000);
});
