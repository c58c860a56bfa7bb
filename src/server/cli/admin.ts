import { issueResetLinkByEmail } from '../auth/password-reset.service';
import { openDb } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { loadEnv } from '../env';
import { AppError } from '../errors';
import { retryFailedEmails } from '../mail/outbox.service';
import { grantAdmin } from '../users/users.service';

const USAGE = `Usage:
  npm run admin -- grant EMAIL        give an existing account the admin role
  npm run admin -- reset-link EMAIL   print a one-time link (valid 24 hours) to reset that account's password
  npm run admin -- retry-mail         send the emails that failed for good once more (after fixing the mail server)`;

/** The operator's account commands: `grant EMAIL`, `reset-link EMAIL`, `retry-mail`. */
async function main(): Promise<void> {
  const [command, email] = process.argv.slice(2);
  const known = (command === 'grant' || command === 'reset-link') && email ? command : command === 'retry-mail' ? command : null;
  if (!known) {
    console.error(USAGE);
    process.exit(2);
  }
  const env = loadEnv();
  const db = openDb(env);
  try {
    await migrateToLatest(db);
    if (known === 'grant') {
      await grantAdmin(db, email!, new Date());
      console.log(`${email} is now an admin`);
    } else if (known === 'reset-link') {
      const link = await issueResetLinkByEmail(db, email!, env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, new Date());
      console.log(`A one-time link to reset the password of ${link.email}, valid until ${link.expiresAt}:\n${link.url}`);
    } else {
      const count = await retryFailedEmails(db, new Date());
      console.log(`${count} failed ${count === 1 ? 'email is' : 'emails are'} due again; the running server sends ${count === 1 ? 'it' : 'them'} within seconds`);
    }
  } catch (error) {
    console.error(error instanceof AppError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

void main();
