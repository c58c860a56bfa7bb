import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction';
import { runHousekeeping } from '../housekeeping/housekeeping.service';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { testEngine } from '../testing/test-engine';
import { listEntries } from './activity.repository';
import { type ActivityEntry, recordActivity, storedChanges } from './activity.service';

// The activity log's foundation (issue 49, product-decisions 7): an entry per action with the fields
// before and after, never a secret nor an address; append-only by a trigger on both engines, pruned only
// by housekeeping past ACTIVITY_RETENTION_DAYS.

let env: TestEnv;
beforeEach(() => {
  env = createTestEnv();
});
afterEach(async () => {
  await env.db.destroy();
});

const entry = (at: Date, overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  actor: { userId: 7, name: 'Admin Ayesha', role: 'admin' },
  action: 'shop.deactivated',
  subject: { type: 'shop', id: 12, label: "Sara's Boutique" },
  shopId: 12,
  changes: { is_active: [true, false] },
  at,
  ...overrides,
});

describe('storedChanges', () => {
  it('keeps each changed field as [before, after], drops unchanged ones, secrets and addresses, and cuts long texts', () => {
    const stored = JSON.parse(
      storedChanges({
        is_pro: [false, true],
        name: ['Same', 'Same'],
        password_hash: ['a', 'b'],
        resetToken: ['x', 'y'],
        shipping_address: ['1 Mall Road', '2 Canal View'],
        city: ['Lahore', 'Karachi'],
        description: ['short', 'x'.repeat(500)],
      }),
    ) as Record<string, [unknown, unknown]>;
    expect(Object.keys(stored).sort()).toEqual(['city', 'description', 'is_pro']);
    expect(stored.is_pro).toEqual([false, true]);
    expect((stored.description?.[1] as string).length).toBe(201);
  });
});

describe('the activity log', () => {
  it('records who, when, what, the thing and the changes, newest first', async () => {
    await recordActivity(env.db, entry(new Date('2026-06-01T10:00:00.000Z')));
    await recordActivity(env.db, entry(new Date('2026-06-01T11:00:00.000Z'), { action: 'product.hidden', subject: { type: 'product', id: 3, label: 'Kurta' } }));
    const rows = await listEntries(env.db, {}, { limit: 10 });
    expect(rows.map((r) => r.action)).toEqual(['product.hidden', 'shop.deactivated']);
    expect(rows[1]).toMatchObject({ actor_user_id: 7, actor_name: 'Admin Ayesha', actor_role: 'admin', subject_type: 'shop', subject_id: '12', subject_label: "Sara's Boutique", shop_id: 12 });
    expect(JSON.parse(rows[1]!.changes)).toEqual({ is_active: [true, false] });
    expect((await listEntries(env.db, { action: 'shop' }, { limit: 10 })).map((r) => r.action)).toEqual(['shop.deactivated']);
    expect(await listEntries(env.db, { from: '2026-06-01T10:30:00.000Z' }, { limit: 10 })).toHaveLength(1);
  });

  it('is written with the transaction that did the work: a rolled-back write leaves no entry', async () => {
    await expect(
      inTransaction(env.db, async (trx) => {
        await recordActivity(trx, entry(env.clock.now));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await listEntries(env.db, {}, { limit: 10 })).toEqual([]);
  });

  it('refuses UPDATE and DELETE of an entry, by a trigger, whoever asks', async () => {
    await recordActivity(env.db, entry(env.clock.now));
    await expect(env.db.updateTable('activity_log').set({ actor_name: 'Somebody else' }).execute()).rejects.toThrow(/append-only/);
    await expect(env.db.deleteFrom('activity_log').execute()).rejects.toThrow(/append-only/);
    // Even an entry older than any retention, outside housekeeping's permit.
    await recordActivity(env.db, entry(new Date('2020-01-01T00:00:00.000Z')));
    await expect(env.db.deleteFrom('activity_log').where('created_at', '<', '2021-01-01').execute()).rejects.toThrow(/append-only/);
    // PostgreSQL's TRUNCATE skips row triggers: a statement trigger refuses it too.
    if (testEngine === 'postgres') await expect(sql`truncate activity_log`.execute(env.db)).rejects.toThrow(/append-only/);
    expect(await listEntries(env.db, {}, { limit: 10 })).toHaveLength(2);
  });

  it('is pruned by housekeeping past the retention only, in batches, and stays closed afterwards', async () => {
    const now = env.clock.now;
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    for (const days of [800, 760, 740, 700, 10]) await recordActivity(env.db, entry(daysAgo(days)));
    const result = await runHousekeeping(env.db, env.config.storage, now, 2, 730);
    expect(result.activityEntries).toBe(3);
    expect((await listEntries(env.db, {}, { limit: 10 })).map((r) => r.created_at)).toEqual([daysAgo(10), daysAgo(700)].map((d) => d.toISOString()));
    expect(await env.db.selectFrom('activity_prune_permits').selectAll().execute()).toEqual([]);
    await expect(env.db.deleteFrom('activity_log').execute()).rejects.toThrow(/append-only/);
  });
});
