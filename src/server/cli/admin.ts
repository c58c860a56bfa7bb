import { createDb } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { loadEnv } from '../env';
import { AppError } from '../errors';
import { grantAdmin } from '../users/users.service';

/** `npm run admin -- grant EMAIL`: gives an existing account the admin role. */
async function main(): Promise<void> {
  const [command, email] = process.argv.slice(2);
  if (command !== 'grant' || !email) {
    console.error('Usage: npm run admin -- grant EMAIL');
    process.exit(2);
  }
  const db = createDb(loadEnv().DATABASE_PATH);
  try {
    await migrateToLatest(db);
    await grantAdmin(db, email, new Date());
    console.log(`${email} is now an admin`);
  } catch (error) {
    console.error(error instanceof AppError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

void main();
