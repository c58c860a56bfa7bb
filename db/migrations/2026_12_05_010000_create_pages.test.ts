import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createShop, createUser } from '../../src/server/testing/factories';
import { countRows, createTestEnv } from '../../src/server/testing/test-app';
import { down as downAnnouncement, up as upAnnouncement } from './2026_12_05_020000_create_marketplace_announcement';
import { down, up } from './2026_12_05_010000_create_pages';

it('writes the six starter drafts on an install that already has data, keeps addresses apart, and goes down and up again', async () => {
  // A new install has them from the template's migrations; an existing one gets them when it upgrades.
  const env = createTestEnv();
  const drafts = () => env.db.selectFrom('pages').select(['address', 'title', 'published', 'show_in_footer']).orderBy('id').execute();
  const fresh = await drafts();
  expect(fresh.map((p) => p.address)).toEqual(['about', 'terms', 'privacy', 'returns', 'delivery', 'contact']);
  expect(fresh.every((p) => Number(p.published) === 0 && Number(p.show_in_footer) === 1)).toBe(true);

  await createShop(env, { owner: await createUser(env, { roles: ['shopkeeper'] }) });
  await downAnnouncement(env.db);
  await down(env.db);
  await up(env.db);
  await upAnnouncement(env.db);
  expect(await drafts()).toEqual(fresh);
  expect(await countRows(env.db, 'shops')).toBe(1);
  // One page per address, in lowercase; no title of spaces; no text over 50,000 characters.
  const insert = (address: string, title = 'T', text = 'x') =>
    sql`insert into pages (address, title, text, created_at, updated_at) values (${address}, ${title}, ${text}, '2026-06-01', '2026-06-01')`.execute(env.db);
  await expect(insert('terms')).rejects.toThrow();
  await expect(insert('Upper')).rejects.toThrow();
  await expect(insert('spaces', '   ')).rejects.toThrow();
  await expect(insert('long', 'T', 'x'.repeat(50_001))).rejects.toThrow();
  await insert('size-guide');
  expect(await countRows(env.db, 'pages')).toBe(7);
  await env.db.destroy();
});
