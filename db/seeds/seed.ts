import { pathToFileURL } from 'node:url';
import { stats } from '../../src/server/admin/admin.service';
import { createDb, type DB } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';
import { loadEnv } from '../../src/server/env';
import { AppEvents } from '../../src/server/events';
import { createStaff, createUser, type FactoryEnv } from '../../src/server/testing/factories';
import { localStorage } from '../../src/server/uploads/storage';
import { findUserIdByEmail, onlyAdminAccounts } from '../../src/server/users/users.service';
import { DEMO_ACCOUNTS } from './accounts';
import { seedDemoData } from './demo-data';
import { LARGE_SCALE, seedLarge } from './large-data';

/** No shops, no products, and no accounts but administrators: what both seeds fill. */
async function isEmptyMarketplace(db: DB): Promise<boolean> {
  const { shops, products } = await stats(db);
  return shops === 0 && products === 0 && (await onlyAdminAccounts(db));
}

/**
 * Fills a database that has no marketplace yet: no shops, no products, and no accounts but
 * administrators (such as the one the server creates from ADMIN_EMAIL). Returns what it made, or null
 * when the database already holds data and nothing was seeded.
 */
export async function seedDemo(db: DB, options: { uploadsDir: string; now: Date }) {
  if (!(await isEmptyMarketplace(db))) return null;
  const env: FactoryEnv = { db, config: { storage: localStorage(options.uploadsDir) }, events: new AppEvents(), clock: { now: options.now } };

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
  const { staff } = DEMO_ACCOUNTS;
  await createStaff(env, { ownerId: ownerIds.get(staff.shopOwner)! }, { email: staff.email, password: staff.password, fullName: staff.fullName, role: staff.role });
  return { ...counts, accounts: [admin.email, ...DEMO_ACCOUNTS.shopkeepers.map((a) => a.email), ...DEMO_ACCOUNTS.buyers.map((a) => a.email), staff.email] };
}

/** The --scale flag: `demo` (the default) or `large` (LARGE_SCALE, for the benchmark). */
export function parseScale(args: readonly string[]): 'demo' | 'large' {
  const at = args.findIndex((arg) => arg === '--scale' || arg.startsWith('--scale='));
  if (at === -1) return 'demo';
  const value = args[at]!.includes('=') ? args[at]!.slice('--scale='.length) : args[at + 1];
  if (value === 'demo' || value === 'large') return value;
  throw new Error(`--scale must be demo or large, not ${value ?? 'nothing'}`);
}

/** `npm run seed [-- --scale large]`: the database and uploads folder of the environment. */
async function main(): Promise<void> {
  const scale = parseScale(process.argv.slice(2));
  const env = loadEnv();
  const db = createDb(env.DATABASE_PATH);
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  try {
    await migrateToLatest(db);
    if (!(await isEmptyMarketplace(db))) {
      console.log('The database already has accounts: nothing seeded.');
      return;
    }
    if (scale === 'large') {
      const counts = await seedLarge(db, { file: env.DATABASE_PATH, uploadsDir: env.UPLOADS_DIR, now: new Date(), scale: LARGE_SCALE });
      console.log(
        `Seeded (large) ${counts.shops} shops, ${counts.products} products, ${counts.orders} orders, ${counts.reviews} reviews, ${counts.users} users, ${counts.sliders} sliders in ${seconds()} s`,
      );
      return;
    }
    const seeded = await seedDemo(db, { uploadsDir: env.UPLOADS_DIR, now: new Date() });
    if (!seeded) return;
    console.log(`Seeded demo accounts: ${seeded.accounts.join(', ')}`);
    console.log(`Seeded (demo) ${seeded.shops} shops, ${seeded.products} products, ${seeded.orders} orders, ${seeded.reviews} reviews, ${seeded.sliders} sliders in ${seconds()} s`);
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
