import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createUser } from '../../src/server/testing/factories';
import { countRows, createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_11_29_060000_create_email_opt_outs';

it('carries over the accounts that switched order updates off, keeps addresses lowercase, and goes down and up again', async () => {
  const env = createTestEnv();
  const quiet = await createUser(env, { email: 'quiet@example.test' });
  await createUser(env, { email: 'keen@example.test' });
  await env.db.updateTable('profiles').set({ order_emails: 0 }).where('user_id', '=', quiet).execute();

  await down(env.db);
  await up(env.db);
  expect(await env.db.selectFrom('email_opt_outs').select('email').execute()).toEqual([{ email: 'quiet@example.test' }]);
  await expect(sql`insert into email_opt_outs (email, created_at) values ('Loud@Example.test', '2026-06-01')`.execute(env.db)).rejects.toThrow();
  await expect(sql`insert into email_opt_outs (email, created_at) values ('quiet@example.test', '2026-06-01')`.execute(env.db)).rejects.toThrow();
  expect(await countRows(env.db, 'email_opt_outs')).toBe(1);
  await env.db.destroy();
});
