import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { emailLinkKey, resolveAuthSecret } from './auth/secret';
import { createSessionCache } from './auth/session-cache';
import { backupFolder, backupToolArgs, lastBackupAt, scheduleBackups } from './backup/backup.service';
import { createOwnReadsCache } from './cache/own-reads';
import { createPublicCache } from './cache/public-cache';
import { createShareHeadRenderer } from './catalog/share-head';
import { engineOf, openDb, otherConnectionsWrote } from './db/client';
import { migrateToLatest } from './db/migrate';
import { runOnce } from './db/run-once';
import { type InstanceLinks, linkCaches } from './db/signals';
import { loadEnv } from './env';
import { AppEvents } from './events';
import { HOUSEKEEPING_EVERY_MS, runHousekeeping } from './housekeeping/housekeeping.service';
import { PLAN_REMINDERS_EVERY_MS, sendPlanReminders } from './billing/plan-reminders.service';
import { createAppServer } from './http/server';
import { gracefulShutdown } from './http/shutdown';
import { outboxHealth } from './mail/outbox.service';
import { checkMailServer, type MailMonitor, startMailSender } from './mail/sender';
import { smtpSender } from './mail/transport';
import { createLogger } from './observability/logger';
import type { RateLimitPolicies } from './rate-limit';
import { rateLimiterFor } from './rate-limits/shared-rate-limiter';
import { storageFromEnv } from './uploads/storage';
import { ImageSlots } from './uploads/image-slots';
import { backfillImageVariants, sweepOrphanUploads } from './uploads/uploads.service';
import { failInterruptedImports } from './products/product-import.service';
import { adminBootstrapMessage, bootstrapAdmin } from './users/users.service';

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
if (NODE_MAJOR < 24) {
  console.error(`This server needs Node 24 or newer; this is Node ${process.versions.node}. Start it with npm start.`);
  process.exit(1);
}

/** Boot: env -> database and migrations -> first admin -> one server for API, auth, uploads and client. */
async function main(): Promise<void> {
  const env = loadEnv();
  if (env.NODE_ENV === 'production') process.env.NODE_ENV = 'production';
  const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' && process.stdout.isTTY });
  let authSecret: string;
  try {
    authSecret = resolveAuthSecret(env);
  } catch (error) {
    console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const db = openDb(env);
  if (engineOf(db) === 'postgres') {
    // An unreachable or refusing PostgreSQL stops the start here, before anything listens.
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      console.error(`Failed to start: cannot reach the PostgreSQL database in DATABASE_URL (${error instanceof Error ? error.message : String(error)}).`);
      process.exit(1);
    }
  }
  await migrateToLatest(db);
  // SQLite is one process: a catalogue import still marked running was cut short by the last stop.
  if (engineOf(db) === 'sqlite') await failInterruptedImports(db, new Date());
  const uploadsDir = path.resolve(env.UPLOADS_DIR);
  fs.mkdirSync(uploadsDir, { recursive: true });
  const storage = storageFromEnv(env);
  // An unreachable bucket stops the start here, before anything listens.
  try {
    await storage.check();
  } catch (error) {
    console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}. Check the S3_* settings.`);
    process.exit(1);
  }
  if (env.STORAGE === 's3') logger.info(`uploads are stored in the ${storage.description}`);

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await bootstrapAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, new Date());
    logger[outcome === 'refused' ? 'warn' : 'info'](adminBootstrapMessage(env.ADMIN_EMAIL, outcome));
  }

  const events = new AppEvents();
  // Other instances on the same PostgreSQL database: their events and every writer's changes to public
  // data arrive through LISTEN/NOTIFY (db/signals.ts). On SQLite there is one process.
  let instances: InstanceLinks | null = null;
  // What each cache asks to know of other writers: on PostgreSQL, nothing is kept while the instance
  // cannot hear them; on SQLite, another process's commit (a check of its own per cache: it answers once).
  const changedElsewhere = () => (env.DATABASE_URL ? () => instances?.notListening() ?? true : otherConnectionsWrote(db));
  // Public reads' answers; whatever else writes public data calls publicCache.publicDataChanged().
  const publicCache = createPublicCache({
    maxBytes: env.PUBLIC_CACHE_MAX_BYTES,
    maxAgeMs: env.PUBLIC_CACHE_MAX_AGE_S * 1000,
    changedElsewhere: changedElsewhere(),
  });
  // The callers' own reads (cache/own-reads.ts): a buyer's orders, a dashboard, admin counts, guest
  // tracking; emptied by every write, this process's (http/server.ts) and, like the public cache, others'.
  const ownReads = createOwnReadsCache({
    maxBytes: env.OWN_READS_CACHE_MAX_BYTES,
    maxAgeMs: env.PUBLIC_CACHE_MAX_AGE_S * 1000,
    changedElsewhere: changedElsewhere(),
  });
  // Verified sessions and their accounts (auth/session-cache.ts); the server empties it on this
  // process's own writes, other writers' reach it here.
  const sessionCache = createSessionCache({ maxEntries: env.SESSION_CACHE_MAX_ENTRIES, changedElsewhere: changedElsewhere() });
  if (env.DATABASE_URL) {
    try {
      // A write a cache holds (a sign-out, a role change, an order, a takedown) answers once the other
      // instances heard of it.
      instances = await linkCaches({ url: env.DATABASE_URL, db, events, caches: { answers: [publicCache, ownReads], sessions: sessionCache }, log: logger });
    } catch (error) {
      console.error(`Failed to start: cannot LISTEN on the PostgreSQL database in DATABASE_URL (${error instanceof Error ? error.message : String(error)}).`);
      process.exit(1);
    }
  }
  // Email (SMTP_URL): the outbox's sender in this process; an unreachable server is a warning, not a stop.
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const mailMonitor: MailMonitor = { sent: 0, failed: 0, reachable: null };
  const mailSender = env.SMTP_URL && env.MAIL_FROM ? smtpSender(env.SMTP_URL) : null;
  const mailer = mailSender && env.MAIL_FROM ? startMailSender({ db, sender: mailSender, identity: { from: env.MAIL_FROM }, log: logger, monitor: mailMonitor }) : null;
  if (mailSender) void checkMailServer(mailSender, mailMonitor, logger);
  else logger.info('SMTP_URL is not set: no email is sent; password resets go through the admin\'s one-time link');

  // Images decoded at once in this process, whoever asks: uploads, imports, the backfill below.
  const imageSlots = new ImageSlots(env.IMAGE_CONCURRENCY, env.IMAGE_QUEUE);
  const server = createAppServer({
    imageSlots,
    publicCache,
    sessionCache,
    ownReads,
    db,
    config: {
      trialMinutes: env.TRIAL_MINUTES,
      supportWhatsapp: env.SUPPORT_WHATSAPP ?? null,
      countryCode: () => env.DEFAULT_COUNTRY_CODE,
      uploadsDir,
      storage,
      production: env.NODE_ENV === 'production',
      maxUnitsPerProduct: env.MAX_UNITS_PER_PRODUCT,
      deliveryFeeDefault: env.DELIVERY_FEE_DEFAULT,
      timeZone: env.TIME_ZONE,
      maxPendingUploads: env.MAX_PENDING_UPLOADS,
      imageConcurrency: env.IMAGE_CONCURRENCY,
      imageQueueLimit: env.IMAGE_QUEUE,
      mail: mailSender ? { publicUrl, linkKey: emailLinkKey(authSecret) } : null,
      linkKey: emailLinkKey(authSecret),
    },
    events,
    // Shared by every instance on PostgreSQL (a table), in memory on SQLite (one process).
    limiter: rateLimiterFor(db, {
      policies: {
        signInPerAccount: env.RATE_LIMIT_SIGN_IN_ACCOUNT,
        signInPerClient: env.RATE_LIMIT_SIGN_IN_CLIENT,
        signUpPerClient: env.RATE_LIMIT_SIGN_UP,
        guestTrackingPerClient: env.RATE_LIMIT_GUEST_TRACKING,
        checkoutPerClient: env.RATE_LIMIT_CHECKOUT,
        couponApplyPerClient: env.RATE_LIMIT_COUPON_APPLY,
        reportsPerClient: env.RATE_LIMIT_REPORTS,
        backInStockPerClient: env.RATE_LIMIT_BACK_IN_STOCK,
        uploadsPerUser: env.RATE_LIMIT_UPLOADS,
        passwordResetPerClient: env.RATE_LIMIT_PASSWORD_RESET_CLIENT,
        passwordResetPerEmail: env.RATE_LIMIT_PASSWORD_RESET_EMAIL,
      } satisfies RateLimitPolicies,
      maxKeys: env.RATE_LIMIT_MAX_KEYS,
    }),
    trustProxy: env.TRUST_PROXY,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_S * 1000,
    limits: { apiBodyBytes: env.API_MAX_BODY, apiBatchCalls: env.API_MAX_BATCH, authBodyBytes: env.AUTH_MAX_BODY },
    authSecret,
    clientDist: path.resolve(env.CLIENT_DIST),
    publicUrl: env.PUBLIC_URL,
    sitemapChunkSize: env.SITEMAP_CHUNK_SIZE,
    renderHead: createShareHeadRenderer(db, storage, env.TRIAL_MINUTES),
    observability: {
      logger,
      metricsToken: env.METRICS_TOKEN,
      diskMinFreeMb: env.DISK_MIN_FREE_MB,
      // Read from the backup folder at each scrape, so a backup taken by hand counts too.
      lastBackupAt: () => lastBackupAt(backupFolder(env)),
      mail: mailSender ? { monitor: mailMonitor, outbox: () => outboxHealth(db, new Date()) } : undefined,
    },
  });

  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    logger.info(`marketplace listening on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`);
    if (!env.PUBLIC_URL) {
      logger.warn(`PUBLIC_URL is not set: canonical links, link previews and sitemaps name http://localhost:${port}; set PUBLIC_URL to the address people use`);
    }
  });

  // Images uploaded into forms that were never saved: swept a day later, off the start-up path. With
  // several instances on PostgreSQL, one of them sweeps per period (db/run-once.ts), as for the two below.
  const SWEEP_EVERY_MS = 6 * 3_600_000;
  const sweep = () =>
    runOnce(db, 'upload-sweep', { periodMs: SWEEP_EVERY_MS }, () =>
      sweepOrphanUploads(db, storage, new Date()).then((removed) => removed > 0 && logger.info(`removed ${removed} unused uploads`)),
    ).catch((error: unknown) => logger.error({ err: error }, 'sweeping unused uploads failed'));
  setTimeout(sweep, 60_000).unref();
  setInterval(sweep, SWEEP_EVERY_MS).unref();

  // Housekeeping (housekeeping/housekeeping.service.ts): expired sessions, checkout attempts past their
  // retry window, past days' order sequences, ended rate-limit windows, share images of renamed or
  // deleted shops; in short batches, once per period across instances.
  const housekeeping = () =>
    runOnce(db, 'housekeeping', { periodMs: HOUSEKEEPING_EVERY_MS }, async () => {
      const pruned = await runHousekeeping(db, storage, new Date(), undefined, env.ACTIVITY_RETENTION_DAYS, mailSender ? { publicUrl, linkKey: emailLinkKey(authSecret) } : null);
      if (Object.values(pruned).some((n) => n > 0)) logger.info({ pruned }, 'housekeeping removed what is no longer needed');
    }).catch((error: unknown) => logger.error({ err: error }, 'housekeeping failed'));
  setTimeout(housekeeping, 120_000).unref();
  setInterval(housekeeping, HOUSEKEEPING_EVERY_MS).unref();

  // The plan-end notices (billing/plan-reminders.service.ts): 7 days and 1 day before a dated Pro plan
  // ends, one email to its owner when mail is set up; hourly, once per period across instances.
  const mail = mailSender ? { publicUrl, linkKey: emailLinkKey(authSecret) } : null;
  const planReminders = () =>
    runOnce(db, 'plan-reminders', { periodMs: PLAN_REMINDERS_EVERY_MS }, async () => {
      const queued = await sendPlanReminders(db, { mail, supportWhatsapp: env.SUPPORT_WHATSAPP ?? null, countryCode: () => env.DEFAULT_COUNTRY_CODE, timeZone: env.TIME_ZONE }, new Date());
      if (queued > 0) logger.info({ queued }, 'plan-end notices queued');
    }).catch((error: unknown) => logger.error({ err: error }, 'plan-end notices failed'));
  if (mail) {
    setTimeout(planReminders, 90_000).unref();
    setInterval(planReminders, PLAN_REMINDERS_EVERY_MS).unref();
  }

  // Uploads stored before resized copies existed, or before a width of them (VARIANT_WIDTHS), get them
  // in the background, one image at a time; until then their views draw the copies they have (or the
  // single image). Does nothing once every upload has them.
  const backfill = () =>
    runOnce(db, 'image-variant-backfill', { periodMs: 3_600_000 }, () =>
      backfillImageVariants(db, storage, imageSlots).then((made) => {
        if (made === 0) return;
        logger.info(`made resized copies of ${made} earlier uploads`);
        publicCache.publicDataChanged(); // their views now carry srcsets
      }),
    ).catch((error: unknown) => logger.error({ err: error }, 'making resized copies of uploads failed'));
  setTimeout(backfill, 5_000).unref();

  // Scheduled backups (BACKUP_DIR): the backup tool runs as a child process, so requests never wait on it.
  if (env.BACKUP_DIR) {
    const backups = scheduleBackups({
      dir: backupFolder(env),
      intervalHours: env.BACKUP_INTERVAL_HOURS,
      keep: env.BACKUP_KEEP,
      tool: backupToolArgs(import.meta.url),
      log: logger,
      runOnce: (backup) => runOnce(db, 'scheduled-backup', { periodMs: env.BACKUP_INTERVAL_HOURS * 3_600_000 }, backup),
    });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => backups.stop());
  }

  // Requests in flight finish, live streams end, then the database closes; a second signal cuts at once.
  const shutdown = gracefulShutdown(server, {
    timeoutMs: env.SHUTDOWN_TIMEOUT_S * 1000,
    endStreams: () => events.close(),
    release: async () => {
      // An email being sent finishes (or fails and keeps its row) before the database closes.
      await mailer?.stop();
      await instances?.close();
      await db.destroy();
    },
    log: logger,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      shutdown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
