import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Direct access to the e2e server's own SQLite file (scripts/e2e-server.mjs), for fixtures that set up
 * state no screen can reach quickly, such as a trial that started long ago. Not for assertions a
 * person could make on screen.
 */
export function e2eDb(): Database.Database {
  const db = new Database(path.resolve('.e2e', process.env.E2E_PORT ?? '3100', 'db.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Moves a user's trial start into the past, so that it has expired (TRIAL_MINUTES is 10 there). */
export function expireTrial(email: string, minutesAgo = 60): void {
  const db = e2eDb();
  try {
    const started = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    db.prepare('update profiles set trial_start_at = ? where user_id = (select id from users where email = ?)').run(
      started,
      email.toLowerCase(),
    );
  } finally {
    db.close();
  }
}
