// The SQL the caches' watcher recognises (db/watched-writes.ts), as Kysely writes it on the engine
// under test: every write that can change a cached session counts, and the frequent harmless ones (a
// sign-in's new session, the hourly touch, pruning expired sessions) do not; every write to a table a
// cached answer shows counts for the own reads, and the limiters' and the scheduler's do not.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestEnv } from '../testing/test-app';
import { changesAnswers, changesSessions } from './watched-writes';

describe('writes that change a cached session', () => {
  const env = createTestEnv();
  const db = env.db;
  afterAll(() => env.db.destroy());
  const at = '2026-11-25T00:00:00.000Z';

  it('counts ending sessions and changing an account, its profile or roles', () => {
    const counted = [
      db.deleteFrom('sessions').where('id', '=', 'x'),
      db.deleteFrom('sessions').where('user_id', '=', 1).where('id', '!=', 'x'),
      db.updateTable('sessions').set({ expires_at: at }).where('id', '=', 'x'),
      db.updateTable('users').set({ password_hash: 'h' }).where('id', '=', 1),
      db.deleteFrom('users').where('id', '=', 1),
      db.updateTable('profiles').set({ is_pro: 1 }).where('user_id', '=', 1),
      db.insertInto('user_roles').values({ user_id: 1, role: 'admin', created_at: at }),
      db.deleteFrom('user_roles').where('user_id', '=', 1).where('role', '=', 'admin'),
    ];
    for (const query of counted) expect(changesSessions(query.compile().sql), query.compile().sql).toBe(true);
  });

  it('ignores new sessions and accounts, the touch, expired sessions and other tables', () => {
    const ignored = [
      db.insertInto('sessions').values({ id: 'x'.repeat(32), user_id: 1, created_at: at, last_seen_at: at, expires_at: at }),
      db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', 'x'),
      db.deleteFrom('sessions').where('user_id', '=', 1).where('expires_at', '<=', at),
      db.deleteFrom('sessions').where('id', 'in', db.selectFrom('sessions').select('id').where('expires_at', '<=', at).limit(500)),
      db.insertInto('users').values({ email: 'a@example.test', password_hash: 'h', created_at: at }),
      db.updateTable('products').set({ name: 'n' }).where('id', '=', 1),
      db.selectFrom('sessions').selectAll(),
    ];
    for (const query of ignored) expect(changesSessions(query.compile().sql), query.compile().sql).toBe(false);
  });

  it('counts for the own reads every write but those to sessions, rate limits and scheduled runs', () => {
    const shown = [
      db.insertInto('orders').values({ order_number: 'x' } as never),
      db.updateTable('orders').set({ status: 'confirmed' }).where('id', '=', 1),
      db.insertInto('order_status_events').values({ order_id: 1 } as never),
      db.updateTable('products').set({ name: 'n' }).where('id', '=', 1),
      db.deleteFrom('shops').where('id', '=', 1),
      db.insertInto('users').values({ email: 'a@example.test', password_hash: 'h', created_at: at }),
      db.updateTable('user_roles').set({ role: 'admin' }).where('user_id', '=', 1),
    ];
    for (const query of shown) expect(changesAnswers(query.compile().sql), query.compile().sql).toBe(true);
    // Spelled by hand too: the driver sees raw SQL as well.
    expect(changesAnswers('UPDATE orders SET status = 1')).toBe(true);
    // A write inside a CTE (the checkout's orders on PostgreSQL) counts; a CTE that only reads, or writes a hidden table, does not.
    expect(changesAnswers('with o as (\n insert into orders (order_number) select 1 returning id) select id from o')).toBe(true);
    expect(changesAnswers('with x as (select id from orders) select * from x for update')).toBe(false);
    expect(changesAnswers('with hit as ( insert into rate_limits as r (key) values ($1)) select 1')).toBe(false);
    const unshown = [
      db.insertInto('sessions').values({ id: 'x'.repeat(32), user_id: 1, created_at: at, last_seen_at: at, expires_at: at }),
      db.deleteFrom('sessions').where('id', '=', 'x'),
      db.deleteFrom('rate_limits').where('reset_at', '<', 1),
      db.updateTable('scheduled_runs').set({ started_at: at }).where('job', '=', 'x'),
      db.selectFrom('orders').selectAll(),
    ];
    for (const query of unshown) expect(changesAnswers(query.compile().sql), query.compile().sql).toBe(false);
  });
});
