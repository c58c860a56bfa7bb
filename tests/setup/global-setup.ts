import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/server/db/client';
import { migrateToLatest } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDbPath: string;
  }
}

/** Migrates one template database; every test file copies it (a copy is nearly free). */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-'));
  const file = path.join(dir, 'template.sqlite');
  const db = createDb(file);
  await migrateToLatest(db);
  await db.destroy();
  project.provide('templateDbPath', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
