import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import type { DB } from './client';
import { containsPattern, containsText, lockingRows, utcDay } from './dialect';
import { inTransaction } from './transaction';

let env: TestEnv;
beforeAll(async () => {
  env = createTestEnv();
  for (const [name, slug] of [
    ['100% Cotton', 'a'],
    ['Cotton_Blend', 'b'],
    ['Plain Shop', 'c'],
  ]) {
    await createShop(env, { name, slug, at: new Date('2026-03-07T23:59:59.000Z') });
  }
});
afterAll(async () => {
  await env.db.destroy();
});

const names = async (term: string) =>
  (await env.db.selectFrom('shops').select('name').where(containsText('name', term)).orderBy('name').execute()).map((r) => r.name);

describe('containsText', () => {
  it('matches anywhere, ignoring case', async () => {
    expect(await names('COTTON')).toEqual(['100% Cotton', 'Cotton_Blend']);
  });
  it('treats %, _ and \\ as plain characters', async () => {
    expect(await names('%')).toEqual(['100% Cotton']);
    expect(await names('_')).toEqual(['Cotton_Blend']);
    expect(await names('\\')).toEqual([]);
    expect(containsPattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });
});

describe('utcDay', () => {
  it('gives the UTC day of an ISO timestamp', async () => {
    const row = await env.db.selectFrom('shops').select(utcDay('created_at').as('day')).where('slug', '=', 'a').executeTakeFirstOrThrow();
    expect(row.day).toBe('2026-03-07');
  });
});

describe('lockingRows', () => {
  it('keeps the rows it read until its transaction ends: another transaction locking them waits (two connections on PostgreSQL)', async () => {
    const steps: string[] = [];
    const lockShop = (trx: DB) => lockingRows(trx, trx.selectFrom('shops').select('id').where('slug', '=', 'a')).execute();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const firstLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = inTransaction(env.db, async (trx) => {
      await lockShop(trx);
      locked();
      await held;
      steps.push('first ends');
    });
    await firstLocked;
    const second = inTransaction(env.db, async (trx) => {
      await lockShop(trx);
      steps.push('second has the row');
    });
    // Time for the second to reach the row: without the lock it would have it before the first ends.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    expect(steps).toEqual(['first ends', 'second has the row']);
  });
});
