import { pathToFileURL } from 'node:url';
import { stats } from '../../src/server/admin/admin.service';
import { createDb, type DB } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';
import { loadEnv } from '../../src/server/env';
import { AppEvents } from '../../src/server/events';
import { createUser, type FactoryEnv } from '../../src/server/testing/factories';
import { findUserIdByEmail, onlyAdminAccounts } from '../../src/server/users/users.service';
import { seedDemoData } from './demo-data';

/** Demo accounts (the README lists them). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.test', password: 'demo-admin', fullName: 'Administrator' },
  shopkeepers: [
    { email: 'shop@demo.test', fullName: 'Sara Shopkeeper', phone: '+92 300 0000000' },
    { email: 'gadgets@demo.test', fullName: 'Demo Shopkeeper 2', phone: '+1 555 010 0000' },
    { email: 'grocer@demo.test', fullName: 'Demo Shopkeeper 3', phone: '+1 555 010 0000' },
    { email: 'books@demo.test', fullName: 'Demo Shopkeeper 4', phone: '+1 555 010 0000' },
  ],
  shopkeeperPassword: 'demo-shop',
  buyers: [
    { email: 'buyer@demo.test', fullName: 'Bilal Buyer', phone: '+92 300 0000000' },
    { email: 'ali@demo.test', fullName: 'Ali Raza', phone: '+92 300 0000001' },
    { email: 'zara@demo.test', fullName: 'Zara Ahmed', phone: '+92 300 0000001' },
  ],
  buyerPassword: 'demo-buyer',
} as const;

/**
 * Fills a database that has no marketplace yet: no shops, no products, and no accounts but
 * administrators (such as the one the server creates from ADMIN_EMAIL). Returns what it made, or null
 * when the database already holds data and nothing was seeded.
 */
export async function seedDemo(db: DB, options: { uploadsDir: string; now: Date }) {
  const { shops, products } = await stats(db);
  if (shops > 0 || products > 0 || !(await onlyAdminAccounts(db))) return null;
  const env: FactoryEnv = { db, config: { uploadsDir: options.uploadsDir }, events: new AppEvents(), clock: { now: options.now } };

  const { admin } = DEMO_ACCOUNTS;
  // The admin from ADMIN_EMAIL may be the demo admin itself.
  const adminId = (await findUserIdByEmail(db, admin.email)) ?? (await createUser(env, { ...admin, phone: '', roles: ['admin'] }));
  // All demo shopkeepers are pro, so the demo never expires.
  const ownerIds = new Map<string, number>();
  for (const keeper of DEMO_ACCOUNTS.shopkeepers) {
    const id = await createUser(env, { ...keeper, password: DEMO_ACCOUNTS.shopkeeperPassword, roles: ['shopkeeper'], isPro: true });
    ownerIds.set(keeper.email, id);
  }
  const reviewerIds: number[] = [];
  for (const buyer of DEMO_ACCOUNTS.buyers) {
    reviewerIds.push(await createUser(env, { ...buyer, password: DEMO_ACCOUNTS.buyerPassword, roles: ['buyer'] }));
  }
  // The first demo buyer places the signed-in demo orders.
  const buyer = { ...DEMO_ACCOUNTS.buyers[0], id: reviewerIds[0]! };
  const counts = await seedDemoData(env, { adminId, ownerIds, buyer, reviewerIds });
  return { ...counts, accounts: [admin.email, ...DEMO_ACCOUNTS.shopkeepers.map((a) => a.email), ...DEMO_ACCOUNTS.buyers.map((a) => a.email)] };
}

/** `npm run seed`: the database and uploads folder of the environment. */
async function main(): Promise<void> {
  const env = loadEnv();
  const db = createDb(env.DATABASE_PATH);
  try {
    await migrateToLatest(db);
    const seeded = await seedDemo(db, { uploadsDir: env.UPLOADS_DIR, now: new Date() });
    if (!seeded) {
      console.log('The database already has accounts: nothing seeded.');
      return;
    }
    console.log(`Seeded demo accounts: ${seeded.accounts.join(', ')}`);
    console.log(`Seeded ${seeded.shops} shops, ${seeded.products} products, ${seeded.orders} orders, ${seeded.reviews} reviews, ${seeded.sliders} sliders`);
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
