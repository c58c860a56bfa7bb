import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/services/postgres.mjs';
import { createDb, createPostgresDb } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';

/** The PostgreSQL cluster of a `TEST_DATABASE=postgres` run: its migrated template database. */
export interface TestPostgresTemplate {
  /** postgres://… of the cluster's maintenance database, to create and drop each test's database. */
  adminUrl: string;
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which engine the router and service tests run on (TEST_DATABASE=postgres, else SQLite). */
    testEngine: 'sqlite' | 'postgres';
    templateDbPath: string;
    postgresTemplate: TestPostgresTemplate | null;
    /** TEST_CACHES=off: the HTTP test servers run with the public and session caches at 0 (npm run test:caches-off). */
    cachesOff: boolean;
  }
}

const TEMPLATE_DATABASE = 'marketplace_template';

/**
 * Migrates one template database; every test copies it. SQLite (the default): a file, copied (nearly
 * free). TEST_DATABASE=postgres: one throw-away cluster (scripts/services/postgres.mjs) holding a
 * migrated template database; each test environment is a new database made from it.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-'));
  // Every folder a test makes (a case's database and uploads, a server's, a backup's, a PostgreSQL
  // cluster's) goes in here and is removed with it: the workers start after this and inherit it. A
  // run used to leave about 1,500 folders (650 MB) in the machine's temporary folder.
  // Others may pass through it (not list it): PostgreSQL runs as its own user when the tests run as root.
  fs.chmodSync(dir, 0o711);
  process.env.TMPDIR = dir;
  const file = path.join(dir, 'template.sqlite');
  const db = createDb(file);
  await migrateToLatest(db);
  await db.destroy();
  project.provide('templateDbPath', file);
  project.provide('cachesOff', process.env.TEST_CACHES === 'off');
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('testEngine', 'sqlite');
    project.provide('postgresTemplate', null);
    return removeDir;
  }
  // Commit timestamps: the block-list race test (orders/block-list.test.ts) orders commits by them.
  const server = await startPostgres({ database: TEMPLATE_DATABASE, settings: { track_commit_timestamp: 'on' } });
  const template = createPostgresDb(server.url, 1);
  await migrateToLatest(template);
  await template.destroy();
  project.provide('testEngine', 'postgres');
  project.provide('postgresTemplate', { adminUrl: server.urlFor('postgres'), template: TEMPLATE_DATABASE });
  return async () => {
    await server.stop();
    removeDir();
  };
}
