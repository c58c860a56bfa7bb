import { createDb } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';
import { loadEnv } from '../../src/server/env';
import { bootstrapAdmin, chooseRole, signUp } from '../../src/server/users/users.service';
import { EXTRA_BUYERS, EXTRA_SHOPKEEPERS, seedDemoData } from './demo-data';

/** Demo accounts (the README lists them). `npm run seed` fills an empty database only. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.test', password: 'demo-admin' },
  shopkeeper: { email: 'shop@demo.test', password: 'demo-shop', fullName: 'Sara Shopkeeper' },
  buyer: { email: 'buyer@demo.test', password: 'demo-buyer', fullName: 'Bilal Buyer' },
} as const;

async function main(): Promise<void> {
  const env = loadEnv();
  const db = createDb(env.DATABASE_PATH);
  await migrateToLatest(db);
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const admins = env.ADMIN_EMAIL ? 1 : 0;
  if (Number(users.n) > admins) {
    console.log('The database already has accounts: nothing seeded.');
    await db.destroy();
    return;
  }
  const now = new Date();
  await bootstrapAdmin(db, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, now);
  for (const role of ['shopkeeper', 'buyer'] as const) {
    const account = DEMO_ACCOUNTS[role];
    const id = await signUp(db, { ...account, phone: '+92 300 0000000' }, now);
    await chooseRole(db, id, role, now);
  }
  // More shops need more owners (one shop each); all demo shopkeepers are pro so the demo never expires.
  for (const [index, email] of EXTRA_SHOPKEEPERS.entries()) {
    const id = await signUp(db, { email, password: DEMO_ACCOUNTS.shopkeeper.password, fullName: `Demo Shopkeeper ${index + 2}`, phone: '+1 555 010 0000' }, now);
    await chooseRole(db, id, 'shopkeeper', now);
  }
  for (const buyer of EXTRA_BUYERS) {
    const id = await signUp(db, { ...buyer, password: DEMO_ACCOUNTS.buyer.password, phone: '+92 300 0000001' }, now);
    await chooseRole(db, id, 'buyer', now);
  }
  await db
    .updateTable('profiles')
    .set({ is_pro: 1 })
    .where('user_id', 'in', db.selectFrom('users').select('id').where('email', 'in', [DEMO_ACCOUNTS.shopkeeper.email, ...EXTRA_SHOPKEEPERS]))
    .execute();
  const counts = await seedDemoData(db, env.UPLOADS_DIR, DEMO_ACCOUNTS.admin.email, now);
  console.log(`Seeded demo accounts: ${Object.values(DEMO_ACCOUNTS).map((a) => a.email).join(', ')}, ${[...EXTRA_SHOPKEEPERS, ...EXTRA_BUYERS.map((b) => b.email)].join(', ')}`);
  console.log(`Seeded ${counts.shops} shops, ${counts.products} products, ${counts.orders} orders, ${counts.reviews} reviews, ${counts.sliders} sliders`);
  await db.destroy();
}

await main();
