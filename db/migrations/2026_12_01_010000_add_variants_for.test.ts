import { expect, it } from 'vitest';
import { createUser } from '../../src/server/testing/factories';
import { createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_12_01_010000_add_variants_for';

it('records the copies made before as made for 320, 480, 640 and 1024 px, and uploads without copies as not made, and goes down and up again', async () => {
  const env = createTestEnv();
  const owner = await createUser(env, { email: 'owner@example.test' });
  const upload = (url: string, variantWidths: string | null) =>
    env.db
      .insertInto('uploads')
      .values({ owner_id: owner, url, thumb_url: `${url}-thumb`, width: 900, height: 600, bytes: 1, created_at: '2026-06-01T00:00:00.000Z', variant_widths: variantWidths })
      .execute();
  await down(env.db);
  await upload('/uploads/aa/made.webp', '320,480,640');
  await upload('/uploads/aa/never.webp', null);
  await up(env.db);
  expect(await env.db.selectFrom('uploads').select(['url', 'variants_for']).orderBy('url').execute()).toEqual([
    { url: '/uploads/aa/made.webp', variants_for: '320,480,640,1024' },
    { url: '/uploads/aa/never.webp', variants_for: null },
  ]);
  await env.db.destroy();
});
