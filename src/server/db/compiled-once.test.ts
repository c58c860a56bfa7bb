import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createProduct, createShop } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import type { DB } from './client';
import { compiledOnce } from './compiled-once';

/** compiledOnce (issue 33): a hot query compiled once per shape answers exactly as the query built each time. */
let env: TestEnv;
afterEach(async () => {
  await env?.db.destroy();
});

const build = (db: DB, ids: number[], minPrice: number) =>
  db.selectFrom('products').select(['id', 'name', 'selling_price']).where('id', 'in', ids).where('selling_price', '>=', minPrice).orderBy('id');

describe('compiledOnce', () => {
  it('answers as the query built each time, for lists of every length and any values, inside and outside a transaction', async () => {
    env = createTestEnv();
    const shop = await createShop(env);
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await createProduct(env, shop, { price: 1000 * (i + 1) })).id);
    const once = compiledOnce(build);
    for (const [list, min] of [[ids.slice(0, 1), 0], [ids.slice(0, 3), 2000], [ids, 4500], [ids.slice(2, 5), 0], [ids.slice(0, 3), 0], [[-1], 0]] as const) {
      expect((await once(env.db, [...list], min)).rows).toEqual(await build(env.db, [...list], min).execute());
    }
    await env.db.transaction().execute(async (trx) => {
      expect((await once(trx, ids, 3000)).rows).toEqual(await build(trx, ids, 3000).execute());
    });
  });

  it('writes with an insert whose undefined columns are left out, as Kysely leaves them', async () => {
    env = createTestEnv();
    type Row = { kind: string; to_address: string; sent_at?: string };
    const insert = compiledOnce((db: DB, row: Row) =>
      db.insertInto('outbox').values({ subject: 's', text_body: 't', html_body: 'h', next_attempt_at: '2026-06-01', created_at: '2026-06-01', ...row }).returning('id'),
    );
    await insert(env.db, { kind: 'receipt', to_address: 'a@example.test', sent_at: '2026-06-02' });
    await insert(env.db, { kind: 'receipt', to_address: 'b@example.test', sent_at: undefined });
    await insert(env.db, { to_address: 'c@example.test', kind: 'order-status' });
    expect(await env.db.selectFrom('outbox').select(['kind', 'to_address', 'sent_at']).orderBy('to_address').execute()).toEqual([
      { kind: 'receipt', to_address: 'a@example.test', sent_at: '2026-06-02' },
      { kind: 'receipt', to_address: 'b@example.test', sent_at: null },
      { kind: 'order-status', to_address: 'c@example.test', sent_at: null },
    ]);
  });

  it('refuses an argument used to shape the query instead of as a value', async () => {
    env = createTestEnv();
    const misused = compiledOnce((db: DB, text: string) => db.selectFrom('products').select('id').where('name', 'like', `%${text}%`));
    await expect(misused(env.db, 'shirt')).rejects.toThrow('compiledOnce: 1 argument(s) were not used as query values');
  });

  it('lets a database with plugins (the tests’ recorders) see the query', async () => {
    env = createTestEnv();
    const seen: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        seen.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const once = compiledOnce(build);
    await once(env.db.withPlugin(recorder), [1, 2], 0);
    expect(seen).toEqual(['SelectQueryNode']);
  });
});
