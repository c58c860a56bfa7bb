import fs from 'node:fs';
import path from 'node:path';
import { resolveAuthSecret } from './auth/secret';
import { createShareHeadRenderer } from './catalog/share-head';
import { createDb } from './db/client';
import { migrateToLatest } from './db/migrate';
import { loadEnv } from './env';
import { AppEvents } from './events';
import { createAppServer } from './http/server';
import { RateLimiter } from './rate-limit';
import { sweepOrphanUploads } from './uploads/uploads.service';
import { bootstrapAdmin } from './users/users.service';

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
if (NODE_MAJOR < 24) {
  console.error(`This server needs Node 24 or newer; this is Node ${process.versions.node}. Start it with npm start.`);
  process.exit(1);
}

/** Boot: env -> database and migrations -> first admin -> one server for API, auth, uploads and client. */
async function main(): Promise<void> {
  const env = loadEnv();
  if (env.NODE_ENV === 'production') process.env.NODE_ENV = 'production';
  const db = createDb(env.DATABASE_PATH);
  await migrateToLatest(db);
  const uploadsDir = path.resolve(env.UPLOADS_DIR);
  fs.mkdirSync(uploadsDir, { recursive: true });

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await bootstrapAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, new Date());
    console.log(`admin ${env.ADMIN_EMAIL}: ${outcome === 'created' ? 'account created and' : 'account'} granted the admin role`);
  }

  const server = createAppServer({
    db,
    config: {
      trialMinutes: env.TRIAL_MINUTES,
      supportWhatsapp: env.SUPPORT_WHATSAPP ?? null,
      uploadsDir,
      production: env.NODE_ENV === 'production',
    },
    events: new AppEvents(),
    limiter: new RateLimiter(),
    authSecret: resolveAuthSecret(env.AUTH_SECRET, env.dataDir),
    clientDist: path.resolve(env.CLIENT_DIST),
    publicUrl: env.PUBLIC_URL,
    renderHead: createShareHeadRenderer(db, uploadsDir),
  });

  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    console.log(`marketplace listening on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`);
  });

  // Images uploaded into forms that were never saved: swept a day later, off the start-up path.
  const sweep = () =>
    sweepOrphanUploads(db, uploadsDir, new Date())
      .then((removed) => removed > 0 && console.log(`removed ${removed} unused uploads`))
      .catch((error: unknown) => console.error('[uploads] sweep failed:', error));
  setTimeout(sweep, 60_000).unref();
  setInterval(sweep, 6 * 3_600_000).unref();

  const shutdown = (signal: string) => {
    console.log(`${signal}: shutting down`);
    server.close(() => void db.destroy().then(() => process.exit(0)));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
