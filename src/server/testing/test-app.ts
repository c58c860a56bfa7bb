import { TRPCError } from '@trpc/server';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { DEFAULT_MAX_UNITS_PER_PRODUCT } from '../../shared/cart';
import { DEFAULT_COUNTRY_CODE } from '../../shared/phone';
import type { AppConfig } from '../config';
import { createDb, type DB } from '../db/client';
import type { Database } from '../db/schema';
import type { Language } from '../../shared/i18n/language';
import { AppEvents } from '../events';
import { rateLimiterFor } from '../rate-limits/shared-rate-limiter';
import { appRouter } from '../trpc/app-router';
import { localStorage } from '../uploads/storage';
import type { Context } from '../trpc/context';
import { createCallerFactory } from '../trpc/init';
import { createPostgresTestDb, postgresTemplateName, snapshotPostgresTestDb, testEngine } from './test-engine';

/**
 * A database file (on PostgreSQL: a database, `postgresDatabase`) and uploads folder frozen by
 * `snapshotTestEnv`, to start many environments from.
 */
export interface TestSnapshot {
  dbFile: string;
  postgresDatabase?: string;
  uploadsDir: string;
}

/**
 * A fresh copy of the migrated template database (or of a snapshot, with its uploads), in its own
 * folder with an uploads folder.
 */
export function createTestDb(from?: TestSnapshot): { db: DB; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-case-'));
  const file = path.join(dir, 'db.sqlite');
  if (testEngine === 'sqlite') fs.copyFileSync(from?.dbFile ?? inject('templateDbPath'), file);
  if (from) fs.cpSync(from.uploadsDir, path.join(dir, 'uploads'), { recursive: true });
  else fs.mkdirSync(path.join(dir, 'uploads'));
  const db = testEngine === 'postgres' ? createPostgresTestDb(from?.postgresDatabase ?? postgresTemplateName()) : createDb(file);
  return { db, dir };
}

/**
 * Freezes an environment's database and uploads, so that many environments start from the same state
 * (a test where each case may delete or change what the next one needs).
 */
export async function snapshotTestEnv(env: Pick<TestEnv, 'db' | 'config'>): Promise<TestSnapshot> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-snapshot-'));
  const dbFile = path.join(dir, 'db.sqlite');
  const uploadsDir = path.join(dir, 'uploads');
  fs.cpSync(env.config.uploadsDir, uploadsDir, { recursive: true });
  if (testEngine === 'postgres') return { dbFile, uploadsDir, postgresDatabase: await snapshotPostgresTestDb(env.db) };
  await sql`vacuum into ${dbFile}`.execute(env.db);
  return { dbFile, uploadsDir };
}

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

export interface TestEnv {
  db: DB;
  dir: string;
  config: AppConfig;
  events: AppEvents;
  clock: { now: Date };
  /** A tRPC caller as the given user (null: a guest); `through` replaces the database handle (a plugin that records queries). */
  as(userId: number | null, clientIp?: string, through?: DB): Caller;
  /** A caller from a page in `language` (an Urdu page's calls say so), as the given user. */
  inLanguage(language: Language, userId: number | null, clientIp?: string): Caller;
}

export function createTestEnv(overrides: Partial<AppConfig> = {}, from?: TestSnapshot): TestEnv {
  const { db, dir } = createTestDb(from);
  const uploadsDir = path.join(dir, 'uploads');
  const config: AppConfig = {
    trialMinutes: 10,
    supportWhatsapp: '15550001111',
    countryCode: () => DEFAULT_COUNTRY_CODE,
    uploadsDir,
    storage: localStorage(uploadsDir),
    production: false,
    maxUnitsPerProduct: DEFAULT_MAX_UNITS_PER_PRODUCT,
    deliveryFeeDefault: '0',
    timeZone: 'Asia/Karachi',
    maxPendingUploads: 20,
    imageConcurrency: 2,
    imageQueueLimit: 8,
    mail: null,
    ...overrides,
    // One key signs the emails' links and checks them, as index.ts derives both from the auth secret.
    linkKey: overrides.linkKey ?? overrides.mail?.linkKey ?? 'test-email-link-key',
  };
  const events = new AppEvents();
  const limiter = rateLimiterFor(db);
  const clock = { now: new Date('2026-06-01T12:00:00.000Z') };
  return {
    db,
    dir,
    config,
    events,
    clock,
    as(userId, clientIp = '127.0.0.1', through = db) {
      const ctx: Context = { db: through, config, events, limiter, now: () => clock.now, sessionUserId: userId, clientIp };
      return createCaller(ctx);
    },
    inLanguage(language, userId, clientIp = '127.0.0.1') {
      return createCaller({ db, config, events, limiter, now: () => clock.now, sessionUserId: userId, clientIp, language });
    },
  };
}

/** How many rows a table holds. */
export async function countRows(db: DB, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A tRPC call that must be refused: its code and message (a call that succeeds, or throws anything else, fails the test). */
export async function failure(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}
