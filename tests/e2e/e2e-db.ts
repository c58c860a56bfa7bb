import path from 'node:path';
import { createDb } from '../../src/server/db/client';
import { AppEvents } from '../../src/server/events';
import { type FactoryEnv, moveTrialStart } from '../../src/server/testing/factories';
import { localStorage } from '../../src/server/uploads/storage';
import { findUserIdByEmail } from '../../src/server/users/users.service';

let env: FactoryEnv | null = null;

/**
 * The test factories on the e2e server's own database and uploads folder (scripts/e2e-server.mjs),
 * for fixtures that set up state a test is not about, through the same services as the server. Not
 * for assertions a person could make on screen. One connection per test worker.
 */
export function e2eEnv(): FactoryEnv {
  if (!env) {
    const dir = path.resolve('.e2e', process.env.E2E_PORT ?? '3100');
    env = {
      db: createDb(path.join(dir, 'db.sqlite')),
      config: { storage: localStorage(path.join(dir, 'uploads')) },
      // Live screens listen in the server's process, not here.
      events: new AppEvents(),
      clock: {
        get now() {
          return new Date();
        },
      },
    };
  }
  return env;
}

/** The id of the account with this email in the e2e database. */
export async function accountId(email: string): Promise<number> {
  const id = await findUserIdByEmail(e2eEnv().db, email);
  if (id === undefined) throw new Error(`No account ${email}`);
  return id;
}

/** Moves a user's trial start into the past, so that it has expired (TRIAL_MINUTES is 10 there). */
export async function expireTrial(email: string, minutesAgo = 60): Promise<void> {
  await moveTrialStart(e2eEnv().db, await accountId(email), new Date(Date.now() - minutesAgo * 60_000));
}
