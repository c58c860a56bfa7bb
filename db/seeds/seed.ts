import { createDb } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';
import { loadEnv } from '../../src/server/env';
import { bootstrapAdmin, chooseRole, signUp } from '../../src/server/users/users.service';

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
  await db
    .updateTable('profiles')
    .set({ is_pro: 1 })
    .where('user_id', '=', db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.shopkeeper.email))
    .execute();
  console.log(`Seeded demo accounts: ${Object.values(DEMO_ACCOUNTS).map((a) => a.email).join(', ')}`);
  await db.destroy();
}

await main();
