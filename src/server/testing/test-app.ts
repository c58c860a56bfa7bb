import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Role } from '../../shared/constants';
import type { AppConfig } from '../config';
import { createDb, type DB } from '../db/client';
import { AppEvents } from '../events';
import { RateLimiter } from '../rate-limit';
import { appRouter } from '../trpc/app-router';
import type { Context } from '../trpc/context';
import { createCallerFactory } from '../trpc/init';
import { addRole, insertUser, markRoleSelected } from '../users/users.repository';

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

// A fixed scrypt hash of "password123", so fixtures do not pay for hashing.
export const TEST_PASSWORD = 'password123';
export const TEST_PASSWORD_HASH =
  'scrypt$32768$8$1$FUSB1cTZsee4tpkeHpI2Cg==$Z+X5YBb2NdBtDrz5sp8W4f0BMoTz7QM6LVf20OL29Zzgi7nwN+l7BlW8D0MaRGi4smHp/6q3Om0pRtisUxwM8Q==';

let counter = 0;

/** Inserts a user with a profile and the given roles (role_selected when any role is given). */
export async function createUser(
  db: DB,
  options: { email?: string; fullName?: string; roles?: Role[]; now?: Date; trialStartAt?: Date | null; isPro?: boolean } = {},
): Promise<number> {
  counter += 1;
  const now = options.now ?? new Date('2026-06-01T12:00:00.000Z');
  const id = await insertUser(db, {
    email: options.email ?? `user${counter}-${randomUUID().slice(0, 8)}@example.test`,
    passwordHash: TEST_PASSWORD_HASH,
    fullName: options.fullName ?? `Test User ${counter}`,
    phone: '+15550000000',
    now,
  });
  for (const role of options.roles ?? []) await addRole(db, id, role, now);
  if (options.roles?.length) await markRoleSelected(db, id, now, false);
  if (options.trialStartAt !== undefined || options.isPro) {
    await db
      .updateTable('profiles')
      .set({
        trial_start_at: options.trialStartAt === undefined ? undefined : (options.trialStartAt?.toISOString() ?? null),
        is_pro: options.isPro ? 1 : 0,
      })
      .where('user_id', '=', id)
      .execute();
  }
  return id;
}
