import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { AppConfig } from '../config';
import { createDb, type DB } from '../db/client';
import type { Database } from '../db/schema';
import { AppEvents } from '../events';
import { RateLimiter } from '../rate-limit';
import { appRouter } from '../trpc/app-router';
import type { Context } from '../trpc/context';
import { createCallerFactory } from '../trpc/init';

/** A fresh copy of the migrated template database, in its own folder with an uploads folder. */
export function createTestDb(): { db: DB; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-case-'));
  const file = path.join(dir, 'db.sqlite');
  fs.copyFileSync(inject('templateDbPath'), file);
  fs.mkdirSync(path.join(dir, 'uploads'));
  return { db: createDb(file), dir };
}

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

export interface TestEnv {
  db: DB;
  dir: string;
  config: AppConfig;
  events: AppEvents;
  clock: { now: Date };
  /** A tRPC caller as the given user (null: a guest). */
  as(userId: number | null, clientIp?: string): Caller;
}

export function createTestEnv(overrides: Partial<AppConfig> = {}): TestEnv {
  const { db, dir } = createTestDb();
  const config: AppConfig = {
    trialMinutes: 10,
    supportWhatsapp: '15550001111',
    uploadsDir: path.join(dir, 'uploads'),
    production: false,
    ...overrides,
  };
  const events = new AppEvents();
  const limiter = new RateLimiter();
  const clock = { now: new Date('2026-06-01T12:00:00.000Z') };
  return {
    db,
    dir,
    config,
    events,
    clock,
    as(userId, clientIp = '127.0.0.1') {
      const ctx: Context = { db, config, events, limiter, now: () => clock.now, sessionUserId: userId, clientIp };
      return createCaller(ctx);
    },
  };
}

/** How many rows a table holds. */
export async function countRows(db: DB, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
