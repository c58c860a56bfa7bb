import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createShop, createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { createCallerFactory, router } from './init';
import {
  adminProcedure,
  authedProcedure,
  publicProcedure,
  shopkeeperProcedure,
  shopProcedure,
} from './procedures';
import type { Context } from './context';

// A router made only of the tiers, to check each tier's rule against a real database.
const tierRouter = router({
  open: publicProcedure.query(() => 'open'),
  mine: authedProcedure.query(({ ctx }) => ctx.user.id),
  shopkeeperRead: shopkeeperProcedure.query(({ ctx }) => ctx.shop?.id ?? null),
  shopkeeperWrite: shopkeeperProcedure.mutation(() => 'written'),
  // Named as a declared shop procedure (trpc/shop-access.ts): the shop tier reads its role by the path.
  shopOrders: router({ list: shopProcedure.query(({ ctx }) => ctx.shop.id) }),
  undeclared: shopProcedure.query(({ ctx }) => ctx.shop.id),
  adminOnly: adminProcedure.query(() => 'admin'),
  validated: publicProcedure.input(z.object({ n: z.number().int({ error: 'n must be whole' }) })).query(({ input }) => input.n),
});

let env: TestEnv;
const ids: Record<string, number> = {};
let shopId = 0;

function call(userId: number | null) {
  const ctx: Context = {
    db: env.db,
    config: env.config,
    events: env.events,
    limiter: new (class {
      hit() {
        return { ok: true, retryAfterSeconds: 0 };
      }
    })() as unknown as Context['limiter'],
    now: () => env.clock.now,
    sessionUserId: userId,
    clientIp: '127.0.0.1',
  };
  return createCallerFactory(tierRouter)(ctx);
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    return error instanceof TRPCError ? error.code : 'UNEXPECTED';
  }
}

beforeAll(async () => {
  env = createTestEnv();
  ids.buyer = await createUser(env, { roles: ['buyer'] });
  ids.newShopkeeper = await createUser(env, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
  ids.owner = await createUser(env, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
  ids.expired = await createUser(env, { roles: ['shopkeeper'], trialStartAt: new Date(env.clock.now.getTime() - 11 * 60_000) });
  ids.expiredPro = await createUser(env, {
    roles: ['shopkeeper'],
    trialStartAt: new Date(env.clock.now.getTime() - 11 * 60_000),
    isPro: true,
  });
  ids.admin = await createUser(env, { roles: ['admin'] });
  shopId = (await createShop(env, { owner: ids.owner!, name: 'Owner Shop', slug: 'owner-shop' })).id;
});

afterAll(async () => {
  await env.db.destroy();
});

describe('public tier', () => {
  it('answers anyone', async () => {
    expect(await call(null).open()).toBe('open');
  });
  it('refuses invalid input with BAD_REQUEST and the field message', async () => {
    await expect(call(null).validated({ n: 1.5 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('authed tier', () => {
  it('refuses a guest and a session whose account is gone', async () => {
    expect(await codeOf(call(null).mine())).toBe('UNAUTHORIZED');
    expect(await codeOf(call(999_999).mine())).toBe('UNAUTHORIZED');
  });
  it('gives the signed-in user', async () => {
    expect(await call(ids.buyer!).mine()).toBe(ids.buyer);
  });
});

describe('shopkeeper tier', () => {
  it('is FORBIDDEN to buyers and admins without the role', async () => {
    expect(await codeOf(call(ids.buyer!).shopkeeperRead())).toBe('FORBIDDEN');
    expect(await codeOf(call(ids.admin!).shopkeeperRead())).toBe('FORBIDDEN');
    expect(await codeOf(call(null).shopkeeperRead())).toBe('UNAUTHORIZED');
  });
  it("resolves the caller's own shop, or none", async () => {
    expect(await call(ids.owner!).shopkeeperRead()).toBe(shopId);
    expect(await call(ids.newShopkeeper!).shopkeeperRead()).toBeNull();
  });
  it('refuses writes once a non-pro trial has expired, but still allows reads', async () => {
    await expect(call(ids.expired!).shopkeeperWrite()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your 10-minute free trial has expired.',
    });
    expect(await call(ids.expired!).shopkeeperRead()).toBeNull();
    expect(await call(ids.expiredPro!).shopkeeperWrite()).toBe('written');
    expect(await call(ids.owner!).shopkeeperWrite()).toBe('written');
  });
  it('shop-owner tier needs a shop', async () => {
    expect(await call(ids.owner!).shopOrders.list()).toBe(shopId);
    await expect(call(ids.newShopkeeper!).shopOrders.list()).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Shop not found' });
  });
  it('refuses a shop procedure that SHOP_PROCEDURES does not name, even to the owner', async () => {
    await expect(call(ids.owner!).undeclared()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: expect.stringContaining('undeclared has no row in SHOP_PROCEDURES') });
  });
});

describe('admin tier', () => {
  it('answers admins only', async () => {
    expect(await call(ids.admin!).adminOnly()).toBe('admin');
    expect(await codeOf(call(ids.owner!).adminOnly())).toBe('FORBIDDEN');
    expect(await codeOf(call(ids.buyer!).adminOnly())).toBe('FORBIDDEN');
    expect(await codeOf(call(null).adminOnly())).toBe('UNAUTHORIZED');
  });
});
