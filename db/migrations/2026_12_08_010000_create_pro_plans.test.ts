import { expect, it } from 'vitest';
import { createUser } from '../../src/server/testing/factories';
import { createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_12_08_010000_create_pro_plans';

it('keeps every existing Pro account as "Pro, no end date", and goes down and up again', async () => {
  const env = createTestEnv();
  const pro = await createUser(env, { roles: ['shopkeeper'], isPro: true });
  const trial = await createUser(env, { roles: ['shopkeeper'] });
  // Back to the schema of before plans, where these accounts were made; then the migration.
  await down(env.db);
  expect(await env.db.selectFrom('profiles').select('is_pro').where('user_id', '=', pro).executeTakeFirst()).toEqual({ is_pro: 1 });
  await up(env.db);
  const rows = await env.db.selectFrom('profiles').select(['user_id', 'is_pro', 'pro_until']).where('user_id', 'in', [pro, trial]).orderBy('user_id').execute();
  expect(rows).toEqual([
    { user_id: pro, is_pro: 1, pro_until: null },
    { user_id: trial, is_pro: 0, pro_until: null },
  ]);
  await env.db.destroy();
});
