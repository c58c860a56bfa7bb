import { type TRPCProcedureType as ProcedureType, TRPCError } from '@trpc/server';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import { keepAnswer, keptAnswer, keptValue, ownReadKey } from '../cache/own-reads';
import { blockedMessage } from '../../shared/trial';
import { planEnded } from '../billing/billing-settings.service';
import type { PolicyName } from '../rate-limit';
import { findOwnShop } from '../shops/shops.service';
import { mayAct, refusalFor } from '../../shared/staff';
import { findShopAccess, noteStaffActive, type ShopContext } from '../staff/staff.service';
import { shopProcedureRole } from './shop-access';
import type { SessionUser } from '../users/users.mapper';
import { findSessionUser } from '../users/users.service';
import type { Context } from './context';
import { baseProcedure, middleware } from './init';

/** Anyone, signed in or not. */
export const publicProcedure = baseProcedure;

/**
 * Counts every call per client (invalid ones too: use it before `.input()`), and refuses with
 * TOO_MANY_REQUESTS past the named policy's limit. The client is `ctx.clientIp`: the address behind
 * trusted proxies, an IPv6 client's /64 (http/client-address.ts).
 */
export function rateLimit(name: string, policy: PolicyName, message: string) {
  return middleware(async ({ ctx, next }) => {
    if (!(await ctx.limiter.hit(`${name}:${ctx.clientIp}`, policy)).ok) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
    return next();
  });
}

// Each tier is one middleware over the base (tRPC copies its options and context at every level, 12%
// of a shop dashboard's CPU with the tiers stacked), passing only what it adds: tRPC merges it into the
// context. The checks are the functions below, in the order the stacked tiers ran them.

/** The signed-in user whose account still exists, or UNAUTHORIZED. */
async function signedInUser(ctx: Context) {
  const user = ctx.sessionUserId === null ? null : (ctx.sessionUser ?? (await findSessionUser(ctx.db, ctx.sessionUserId)));
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
  return user;
}

/** The signed-in shopkeeper and their own shop (or null); FORBIDDEN for others and for writes after an expired trial. */
async function shopkeeper(ctx: Context, type: ProcedureType) {
  const user = await signedInUser(ctx);
  if (!user.roles.includes('shopkeeper')) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only shopkeepers can do this' });
  }
  if (type === 'mutation' && (await planEnded(ctx.db, user, ctx.now(), ctx.config.trialMinutes))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: blockedMessage(user, ctx.config.trialMinutes) });
  }
  // Kept until the next write, as the caller's own reads are (a takedown or an edit is a write).
  const shop = (await keptValue(ctx.ownReads, `own shop user:${user.id}`, () => findOwnShop(ctx.db, user.id))) ?? null;
  return { user, shop };
}

/** A signed-in user whose account still exists; puts it in `ctx.user`. */
export const authedProcedure = baseProcedure.use(async ({ ctx, next }) => next({ ctx: { user: await signedInUser(ctx) } }));

/**
 * A user holding the shopkeeper role; `ctx.shop` is their own shop or null (the shop is always the
 * caller's own, never an id sent by the client). Writes are refused once a non-pro trial has expired,
 * so the trial dialog cannot be bypassed by calling the API.
 */
export const shopkeeperProcedure = baseProcedure.use(async ({ ctx, type, next }) => next({ ctx: await shopkeeper(ctx, type) }));

/**
 * The caller's shop and role in it (their own, or the one whose staff they are), kept until the next
 * write, as the caller's own reads are: a removal or a role change is a write (to shop_staff), which
 * empties the cache on every instance (db/watched-writes.ts, db/signals.ts).
 */
function shopAccessOf(ctx: Context, user: SessionUser) {
  return keptValue(ctx.ownReads, `shop access user:${user.id}`, () => findShopAccess(ctx.db, user));
}

/**
 * The caller's shop and what they are in it (issue 51): its owner (holding the shopkeeper role) or a
 * member of its staff. The least role each procedure needs is its row of SHOP_PROCEDURES
 * (shop-access.ts), read by the procedure's path; a procedure the table does not name is refused to
 * everyone, so none is open by omission. Writes follow the shop's trial (its owner's) for staff too.
 */
async function shopMember(ctx: Context, type: ProcedureType, path: string) {
  const minimum = shopProcedureRole(path);
  // A programming error, not a refusal: it reaches the client as INTERNAL_SERVER_ERROR and the log keeps it.
  if (!minimum) throw new Error(`${path} has no row in SHOP_PROCEDURES (trpc/shop-access.ts)`);
  const user = await signedInUser(ctx);
  const access = await shopAccessOf(ctx, user);
  if (!access) {
    if (!user.roles.includes('shopkeeper')) throw new TRPCError({ code: 'FORBIDDEN', message: 'Only shopkeepers can do this' });
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Shop not found' });
  }
  if (!mayAct(access.role, minimum)) throw new TRPCError({ code: 'FORBIDDEN', message: refusalFor(minimum) });
  if (type === 'mutation' && (await planEnded(ctx.db, access.trial, ctx.now(), ctx.config.trialMinutes))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: blockedMessage(access.trial, ctx.config.trialMinutes) });
  }
  await noteStaffActive(ctx.db, access, ctx.now());
  return { user, shop: access.shop, shopRole: access.role };
}

/**
 * The shop's people: `ctx.shop` is the caller's shop (theirs, or the one whose staff they are; never
 * an id sent by the client), `ctx.user` the person acting, `ctx.shopRole` owner, orders or
 * orders_products. Who may call each procedure: SHOP_PROCEDURES. Without a shop: NOT_FOUND 'Shop not
 * found' for a shopkeeper, FORBIDDEN for others.
 */
export const shopProcedure = baseProcedure.use(async ({ ctx, type, path, next }) => next({ ctx: await shopMember(ctx, type, path) }));

/**
 * A shopkeeper (with a shop or not yet) or a member of a shop's staff: who may meet the blocking dialog
 * of a trial or plan that ended, and its support button (issue 51: staff see it too).
 */
export const shopPersonProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const user = await signedInUser(ctx);
  if (!user.roles.includes('shopkeeper') && !(await shopAccessOf(ctx, user))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only shopkeepers can do this' });
  }
  return next({ ctx: { user } });
});

/**
 * The shop context a shop procedure hands its service (issue 51): the shop, the person acting and
 * their role, so a service records who did it (staff.service `shopActor`) without asking again.
 */
export function shopContext(ctx: { shop: ShopContext['shop']; user: ShopContext['user']; shopRole: ShopContext['role'] }): ShopContext {
  return { shop: ctx.shop, user: ctx.user, role: ctx.shopRole };
}

/** A user holding the admin role. */
export const adminProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const user = await signedInUser(ctx);
  if (!user.roles.includes('admin')) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only admins can do this' });
  }
  return next({ ctx: { user } });
});

/**
 * A read of the caller's own data answered from the own-reads cache (cache/own-reads.ts) until the
 * next write, per user, language and input. Use it after the tier (`authedProcedure.use(keptUntilWrite())`):
 * the tier's checks (a live session, the role, the rate limit) run on every call, only the read is kept.
 * An answer that also changes with time names the moment it depends on (`alsoBy`: the day, whether a
 * trial is over), so it is read again when that moment passes.
 */
export const keptUntilWrite = (alsoBy?: (ctx: Context & { user?: SessionUser }) => string) =>
  middleware(async ({ ctx, path, getRawInput, next }) => {
    const cache = ctx.ownReads;
    if (!cache?.enabled) return next();
    const key = ownReadKey(path, ctx.sessionUserId, ctx.language ?? 'en', await getRawInput(), alsoBy?.(ctx));
    const kept = keptAnswer(cache, key);
    // A middleware may answer without calling the next one; tRPC reads `ok` and `data` (the marker only types it).
    if (kept) return { ok: true as const, data: kept.data, marker: middlewareMarker };
    const generation = cache.generation();
    const result = await next();
    if (result.ok) keepAnswer(cache, key, generation, result.data);
    return result;
  });
