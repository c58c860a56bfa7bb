import fs from 'node:fs';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../testing/test-app';
import { SHOP_PROCEDURES } from '../trpc/shop-access';
import { tableNames } from '../testing/test-engine';
import { buildStage, callPath, CALLERS, type CallerName, MARKS, openCopy, PROCEDURES, removeStage, signIn, type Stage } from './world.fixture';

/**
 * Who may call what (issue 9): every procedure of the app router, called with a valid input aimed at
 * the owner's shop, product or order, by each kind of caller. Each call runs on its own copy of the
 * same database, so one caller's write never decides the next one's answer (a copy nothing changed
 * serves the next caller).
 *
 * OK: allowed. NOOP: allowed, but it must change nothing (someone else's data is ignored).
 * Any other value: the refusal's tRPC code. A refused call changes nothing in the database or the
 * uploads folder; a query changes nothing at all; a subscription is only opened and closed (its tier).
 */
const OK = 'OK';
const NOOP = 'NOOP';
const U = 'UNAUTHORIZED';
const F = 'FORBIDDEN';
const NF = 'NOT_FOUND';
const C = 'CONFLICT';
type Outcome = typeof OK | typeof NOOP | typeof U | typeof F | typeof NF | typeof C;

// prettier-ignore
const MATRIX: Record<string, Outcome[]> = {
  //                               guest noRole buyer other owner expired admin  staffOrders staffProducts
  'auth.signUp':                    [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'auth.me':                        [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'auth.signOutEverywhere':         [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'auth.changePassword':            [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'auth.resetOptions':              [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'auth.requestPasswordReset':      [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'auth.checkResetToken':           [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'auth.resetPassword':             [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'users.chooseRole':               [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'users.toggleRole':               [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'users.startTrial':               [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'users.updateProfile':            [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'users.setOrderEmails':           [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'users.setCartReminders':         [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'orderUpdates.check':             [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'orderUpdates.set':               [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  // A cart reminder's stop link (issue 50): the link's signature is the permission, as for order updates.
  'cartReminders.check':            [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'cartReminders.set':              [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'shops.create':                   [U,  F,     F,    C,    C,    F,      F,     F,          F],
  'shops.mine':                     [U,  F,     F,    OK,   OK,   OK,     F,     F,          F],
  'shops.update':                   [U,  F,     F,    OK,   OK,   F,      F,     F,          F],
  'shops.setDelivery':              [U,  F,     F,    OK,   OK,   F,      F,     F,          F],
  'shops.setEmailNewOrders':        [U,  F,     F,    OK,   OK,   F,      F,     F,          F],
  'shops.dashboard':                [U,  F,     F,    OK,   OK,   OK,     F,     F,          F],
  'shops.supportLink':              [U,  F,     F,    OK,   OK,   OK,     F,     OK,         OK],
  'products.list':                  [U,  F,     F,    OK,   OK,   OK,     F,     F,          OK],
  'products.byId':                  [U,  F,     F,    NF,   OK,   OK,     F,     F,          OK],
  'products.create':                [U,  F,     F,    OK,   OK,   F,      F,     F,          OK],
  'products.update':                [U,  F,     F,    NF,   OK,   F,      F,     F,          OK],
  'products.setActive':             [U,  F,     F,    NF,   OK,   F,      F,     F,          OK],
  'products.delete':                [U,  F,     F,    NF,   OK,   F,      F,     F,          F],
  'products.discardUnsavedImages':  [U,  F,     F,    NOOP, OK,   F,      F,     F,          NOOP],
  'products.latestImport':          [U,  F,     F,    OK,   OK,   OK,     F,     F,          OK],
  'products.dismissImport':         [U,  F,     F,    NOOP, OK,   F,      F,     F,          OK],
  'categories.mine':                [U,  F,     F,    OK,   OK,   OK,     F,     F,          OK],
  'categories.create':              [U,  F,     F,    OK,   OK,   F,      F,     F,          OK],
  'shopOrders.list':                [U,  F,     F,    OK,   OK,   OK,     F,     OK,         OK],
  'shopOrders.changeStatus':        [U,  F,     F,    NF,   OK,   F,      F,     OK,         OK],
  'shopOrders.onActivity':          [U,  F,     F,    OK,   OK,   OK,     F,     OK,         OK],
  'shopOrders.updateShipment':      [U,  F,     F,    NF,   OK,   F,      F,     OK,         OK],
  'shopOrders.blockPhone':          [U,  F,     F,    NF,   OK,   F,      F,     OK,         OK],
  'shopOrders.blockedPhones':       [U,  F,     F,    OK,   OK,   OK,     F,     F,          F],
  'shopOrders.unblockPhone':        [U,  F,     F,    NF,   OK,   F,      F,     F,          F],
  'shopOrders.packingSlips':        [U,  NF,    NF,   NF,   OK,   OK,     OK,    OK,         OK],
  'shopOrders.markCashReceived':    [U,  F,     F,    NF,   OK,   F,      F,     F,          F],
  'shopOrders.undoCashReceived':    [U,  F,     F,    NF,   OK,   F,      F,     F,          F],
  'shopOrders.cashSummary':         [U,  F,     F,    OK,   OK,   OK,     F,     F,          F],
  'coupons.list':                   [U,  F,     F,    OK,   OK,   OK,     F,     F,          F],
  'coupons.stats':                  [U,  F,     F,    OK,   OK,   OK,     F,     F,          F],
  'coupons.create':                 [U,  F,     F,    OK,   OK,   F,      F,     F,          F],
  'coupons.update':                 [U,  F,     F,    NF,   OK,   F,      F,     F,          F],
  'coupons.delete':                 [U,  F,     F,    NF,   OK,   F,      F,     F,          F],
  'coupons.check':                  [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'catalog.products':               [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'catalog.filters':                [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'catalog.shopOptions':            [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'catalog.product':                [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'catalog.shops':                  [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'catalog.shop':                   [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'catalog.shopProducts':           [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'catalog.cartLines':              [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'reviews.productReviews':         [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'reviews.shopReviews':            [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'reviews.myProductReview':        [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'reviews.myShopReview':           [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'reviews.saveProductReview':      [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'reviews.saveShopReview':         [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'orders.checkout':                [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'orders.mine':                    [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'orders.onMineChanged':           [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'orders.cancel':                  [U,  NF,    OK,   NF,   NF,   NF,     NF,    NF,         NF],
  'orders.track':                   [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'sliders.listActive':             [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'sliders.adminList':              [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'sliders.add':                    [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'sliders.setActive':              [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'sliders.setDisplayOrder':        [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'sliders.delete':                 [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'settings.site':                  [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'settings.get':                   [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'settings.save':                  [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.stats':                    [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.users':                    [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.setPro':                   [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.setAdmin':                 [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.resetLink':                [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.emailStatus':              [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.month':                    [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.shops':                    [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.setShopActive':            [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.deleteShop':               [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.products':                 [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.setProductActive':         [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.deleteProduct':            [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'admin.orders':                   [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'staff.list':                     [U,  F,     F,    OK,   OK,   OK,     F,     F,          F],
  'staff.invite':                   [U,  F,     F,    OK,   OK,   F,      F,     F,          F],
  'staff.changeRole':               [U,  F,     F,    NF,   OK,   F,      F,     F,          F],
  'staff.remove':                   [U,  F,     F,    NF,   OK,   F,      F,     F,          F],
  'staff.revokeInvitation':         [U,  F,     F,    NF,   OK,   F,      F,     F,          F],
  'staff.invitation':               [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'staff.accept':                   [U,  F,     F,    F,    F,    F,      F,     F,          F],
  'activity.list':                  [U,  F,     F,    F,    F,    F,      OK,    F,          F],
  'shops.setPolicies':              [U,  F,     F,    OK,   OK,   F,      F,    F,         F],
  'reviews.setHidden':              [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'reviews.reply':                  [U,  F,     F,    NF,   OK,   F,      F,    F,         F],
  'reports.submit':                 [OK, OK,    OK,   OK,   F,    F,      OK,    OK,         OK],
  'reports.list':                   [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'reports.resolve':                [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'reports.openCount':              [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'settings.announcement':          [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'settings.saveAnnouncement':      [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'pages.page':                     [NF, NF,    NF,   NF,   NF,   NF,     NF,    NF,         NF],
  'pages.shell':                    [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'pages.list':                     [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'pages.get':                      [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'pages.create':                   [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'pages.update':                   [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'pages.delete':                   [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'settings.removeLogo':            [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'admin.suspend':                  [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'admin.unsuspend':                [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  // Following a shop (issue 50): never one's own, as its owner or its staff.
  'follows.ids':                    [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'follows.list':                   [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'follows.set':                    [U,  OK,    OK,   OK,   F,    F,      OK,    F,          F],
  'backInStock.ask':                [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'backInStock.check':              [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'backInStock.stop':               [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'saved.ids':                      [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'saved.list':                     [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'saved.preview':                  [OK, OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'saved.set':                      [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'saved.merge':                    [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'cart.get':                       [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'cart.merge':                     [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'cart.change':                    [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'cart.clear':                     [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'cart.setCoupons':                [U,  OK,    OK,   OK,   OK,   OK,     OK,    OK,         OK],
  'billing.admin':                  [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'billing.plans':                  [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'billing.createPlan':             [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'billing.updatePlan':             [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'billing.recordPayment':          [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'billing.undoPayment':            [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'billing.settings':               [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'billing.saveSettings':           [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'billing.mine':                   [U,  F,     F,    OK,   OK,   OK,     F,    F,         F],
  'commission.setShopRate':         [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'commission.balances':            [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'commission.statement':           [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  'commission.recordPayment':       [U,  F,     F,    F,    F,    F,      OK,    F,         F],
  // A shop's statement is its owner's own (the shop comes from the tier, never the input).
  'commission.mine':                [U,  F,     F,    OK,   OK,   OK,     F,    F,         F],
  'commission.mineCsv':             [U,  F,     F,    OK,   OK,   OK,     F,    F,         F],
};

/** Who may see each planted text in an allowed call's answer (hidden means hidden, product-decisions 4). */
const SEEN_BY: Array<{ marks: string[]; seenBy: CallerName[] }> = [
  { marks: [MARKS.ownerEmail], seenBy: ['owner', 'expiredOwner', 'admin'] },
  // The shop's products, hidden ones too, are its "Orders and products" staff's work (issue 51).
  { marks: [MARKS.hiddenProduct, MARKS.takenDownProduct], seenBy: ['owner', 'expiredOwner', 'admin', 'staffProducts'] },
  // Whom to deliver to is the shop's staff's work, either role.
  { marks: [MARKS.buyerAddress, MARKS.buyerNotes], seenBy: ['buyer', 'owner', 'expiredOwner', 'staffOrders', 'staffProducts'] },
  { marks: [MARKS.guestAddress, MARKS.guestPhone, MARKS.guestNotes], seenBy: ['owner', 'expiredOwner', 'staffOrders', 'staffProducts'] },
];
/** Guest tracking by email alone shows no address, phone or notes, whoever asks (product-decisions 4). */
const HIDDEN_FROM_ALL: Record<string, string[]> = {
  'orders.track': [MARKS.guestAddress,MARKS.guestPhone,MARKS.guestNotes,MARKS.guestNotes,MARKS.guestNotes],
};

/** Texts a procedure shows to more callers than SEEN_BY says: an admin prints any shop's packing slips (issue 29). */
const ALSO_SEEN_BY: Record<string, { marks: string[]; seenBy: CallerName[] }> = {
  'shopOrders.packingSlips': { marks: [MARKS.buyerAddress, MARKS.guestAddress, MARKS.guestPhone], seenBy: ['admin'] },
  // The admin's order lookup (issue 30) shows whom to call, never the address or notes.
  'admin.orders': { marks: [MARKS.guestPhone], seenBy: ['admin'] },
};

let stage: Stage;
beforeAll(async () => {
  stage = await buildStage();
});
afterAll(() => removeStage(stage));

/**
 * The server's own bookkeeping, not data anyone's call may change or not: rate-limit windows (kept in
 * the database on PostgreSQL, so that they hold across instances: a tracking query counts there).
 */
const BOOKKEEPING = new Set(['rate_limits']);

/** Every row of every table but bookkeeping, and the files in the uploads folder, as text per table. */
async function stateOf(env: TestEnv): Promise<Map<string, string>> {
  const state = new Map<string, string>();
  for (const name of await tableNames(env.db)) {
    if (BOOKKEEPING.has(name)) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(env.db);
    state.set(name, rows.rows.map((row) => JSON.stringify(row)).sort().join('\n'));
  }
  state.set('uploads folder', fs.readdirSync(env.config.uploadsDir, { recursive: true }).map(String).sort().join('\n'));
  return state;
}

function changedParts(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key));
}

/**
 * One call on an unchanged copy of the world: its outcome, what it did that it must not, and whether it
 * changed the copy (then the next call needs a fresh one).
 */
async function runCell(env: TestEnv, path: string, type: string, caller: CallerName, expected: Outcome): Promise<{ outcome: string; problems: string[]; changed: boolean }> {
    const problems: string[] = [];
    const client = await signIn(env, stage.world, caller);
    const before = await stateOf(env);
    let outcome: string;
    let answer: unknown;
    try {
      answer = await callPath(client, path, stage.inputs[path]);
      outcome = OK;
    } catch (error) {
      outcome = error instanceof TRPCError ? error.code : 'NOT_A_TRPC_ERROR';
      if (outcome === 'INTERNAL_SERVER_ERROR' || !(error instanceof TRPCError)) problems.push(`${caller}: unexpected error ${String(error)}`);
    }
    const changed = changedParts(before, await stateOf(env));
    if (changed.length > 0 && (outcome !== OK || type !== 'mutation' || expected === NOOP)) {
      problems.push(`${caller}: ${outcome === OK ? `${type} ${expected === NOOP ? 'that must change nothing' : ''}` : `refused (${outcome})`} changed ${changed.join(', ')}`);
    }
    if (outcome === OK && expected === NOOP && changed.length === 0) outcome = NOOP;
    if (outcome === OK) {
      const text = JSON.stringify(answer) ?? '';
      const rules = [...SEEN_BY, { marks: HIDDEN_FROM_ALL[path] ?? [], seenBy: [] }];
      for (const { marks, seenBy } of rules) {
        const also = ALSO_SEEN_BY[path];
        for (const mark of marks) {
          const seen = seenBy.includes(caller) || (also?.seenBy.includes(caller) && also.marks.includes(mark));
          if (!seen && text.includes(mark)) problems.push(`${caller}: the answer shows "${mark}"`);
        }
      }
    }
    return { outcome, problems, changed: changed.length > 0 };
}

describe('permission matrix', () => {
  it('has one row for every procedure of the router, and none for a procedure that does not exist', () => {
    const paths = PROCEDURES.map((p) => p.path);
    expect(paths.filter((path) => !(path in MATRIX)), 'procedures without a row in MATRIX').toEqual([]);
    expect(Object.keys(MATRIX).filter((path) => !paths.includes(path)), 'rows of MATRIX naming no procedure').toEqual([]);
    // A shop procedure the tier's table does not name is refused to everyone (INTERNAL_SERVER_ERROR, a
    // problem in its row below): its least role must be declared in trpc/shop-access.ts (issue 51).
    expect(Object.keys(SHOP_PROCEDURES).filter((path) => !paths.includes(path)), 'rows of SHOP_PROCEDURES naming no procedure').toEqual([]);
    const needInput = PROCEDURES.filter((p) => p.takesInput && !(p.path in stage.inputs));
    expect(needInput.map((p) => p.path), 'procedures without a valid input in world.fixture.ts').toEqual([]);
  });

  for (const { path: procedure, type } of PROCEDURES) {
    const expected = MATRIX[procedure];
    if (!expected) continue;
    it(procedure, async () => {
      const outcomes: Record<string, string> = {};
      const problems: string[] = [];
      // Each call meets the world unchanged: a copy serves the next caller only while nothing changed it
      // (refusals and reads must change nothing, so most cells share one; copies are what cost on PostgreSQL).
      let copy: ReturnType<typeof openCopy> | null = null;
      try {
        for (const [i, caller] of CALLERS.entries()) {
          copy ??= openCopy(stage);
          const cell = await runCell(copy.env, procedure, type, caller, expected[i]!);
          // OK covers an allowed call that happened to change nothing (an idempotent write).
          outcomes[caller] = cell.outcome === NOOP && expected[i] === OK ? OK : cell.outcome;
          problems.push(...cell.problems);
          // The expired owner's sign-in moved the owner's trial into the past: not the world the next caller meets.
          if (cell.changed || caller === 'expiredOwner') {
            await copy.remove();
            copy = null;
          }
        }
      } finally {
        await copy?.remove();
      }
      expect(outcomes).toEqual(Object.fromEntries(CALLERS.map((caller, i) => [caller, expected[i]])));
      expect([...new Set(problems)]).toEqual([]);
    });
  }
});
