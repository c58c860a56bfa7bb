import fs from 'node:fs';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../testing/test-app';
import { tableNames } from '../testing/test-engine';
import { buildStage, callPath, CALLERS, type CallerName, MARKS, onCopy, PROCEDURES, removeStage, signIn, type Stage } from './world.fixture';

/**
 * Who may call what (issue 9): every procedure of the app router, called with a valid input aimed at
 * the owner's shop, product or order, by each kind of caller. Each call runs on its own copy of the
 * same database, so one caller's write never decides the next one's answer.
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
  //                               guest noRole buyer other owner expired admin
  'auth.signUp':                    [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'auth.me':                        [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'auth.signOutEverywhere':         [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'auth.changePassword':            [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'auth.resetOptions':              [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'auth.requestPasswordReset':      [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'auth.checkResetToken':           [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'auth.resetPassword':             [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'users.chooseRole':               [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'users.toggleRole':               [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'users.startTrial':               [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'users.updateProfile':            [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'users.setOrderEmails':           [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'orderUpdates.check':             [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'orderUpdates.set':               [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'shops.create':                   [U,  F,     F,    C,    C,    F,      F],
  'shops.mine':                     [U,  F,     F,    OK,   OK,   OK,     F],
  'shops.update':                   [U,  F,     F,    OK,   OK,   F,      F],
  'shops.setDelivery':              [U,  F,     F,    OK,   OK,   F,      F],
  'shops.setEmailNewOrders':        [U,  F,     F,    OK,   OK,   F,      F],
  'shops.dashboard':                [U,  F,     F,    OK,   OK,   OK,     F],
  'shops.supportLink':              [U,  F,     F,    OK,   OK,   OK,     F],
  'products.list':                  [U,  F,     F,    OK,   OK,   OK,     F],
  'products.byId':                  [U,  F,     F,    NF,   OK,   OK,     F],
  'products.create':                [U,  F,     F,    OK,   OK,   F,      F],
  'products.update':                [U,  F,     F,    NF,   OK,   F,      F],
  'products.setActive':             [U,  F,     F,    NF,   OK,   F,      F],
  'products.delete':                [U,  F,     F,    NF,   OK,   F,      F],
  'products.discardUnsavedImages':  [U,  F,     F,    NOOP, OK,   F,      F],
  'products.latestImport':          [U,  F,     F,    OK,   OK,   OK,     F],
  'products.dismissImport':         [U,  F,     F,    NOOP, OK,   F,      F],
  'categories.mine':                [U,  F,     F,    OK,   OK,   OK,     F],
  'categories.create':              [U,  F,     F,    OK,   OK,   F,      F],
  'shopOrders.list':                [U,  F,     F,    OK,   OK,   OK,     F],
  'shopOrders.changeStatus':        [U,  F,     F,    NF,   OK,   F,      F],
  'shopOrders.onActivity':          [U,  F,     F,    OK,   OK,   OK,     F],
  'shopOrders.updateShipment':      [U,  F,     F,    NF,   OK,   F,      F],
  'shopOrders.blockPhone':          [U,  F,     F,    NF,   OK,   F,      F],
  'shopOrders.blockedPhones':       [U,  F,     F,    OK,   OK,   OK,     F],
  'shopOrders.unblockPhone':        [U,  F,     F,    NF,   OK,   F,      F],
  'shopOrders.packingSlips':        [U,  NF,    NF,   NF,   OK,   OK,     OK],
  'shopOrders.markCashReceived':    [U,  F,     F,    NF,   OK,   F,      F],
  'shopOrders.undoCashReceived':    [U,  F,     F,    NF,   OK,   F,      F],
  'shopOrders.cashSummary':         [U,  F,     F,    OK,   OK,   OK,     F],
  'coupons.list':                   [U,  F,     F,    OK,   OK,   OK,     F],
  'coupons.stats':                  [U,  F,     F,    OK,   OK,   OK,     F],
  'coupons.create':                 [U,  F,     F,    OK,   OK,   F,      F],
  'coupons.update':                 [U,  F,     F,    NF,   OK,   F,      F],
  'coupons.delete':                 [U,  F,     F,    NF,   OK,   F,      F],
  'coupons.check':                  [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'catalog.products':               [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'catalog.filters':                [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'catalog.shopOptions':            [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'catalog.product':                [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'catalog.shops':                  [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'catalog.shop':                   [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'catalog.shopProducts':           [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'catalog.cartLines':              [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'reviews.productReviews':         [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'reviews.shopReviews':            [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'reviews.myProductReview':        [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'reviews.myShopReview':           [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'reviews.saveProductReview':      [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'reviews.saveShopReview':         [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'orders.checkout':                [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'orders.mine':                    [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'orders.onMineChanged':           [U,  OK,    OK,   OK,   OK,   OK,     OK],
  'orders.cancel':                  [U,  NF,    OK,   NF,   NF,   NF,     NF],
  'orders.track':                   [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'sliders.listActive':             [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'sliders.adminList':              [U,  F,     F,    F,    F,    F,      OK],
  'sliders.add':                    [U,  F,     F,    F,    F,    F,      OK],
  'sliders.setActive':              [U,  F,     F,    F,    F,    F,      OK],
  'sliders.setDisplayOrder':        [U,  F,     F,    F,    F,    F,      OK],
  'sliders.delete':                 [U,  F,     F,    F,    F,    F,      OK],
  'settings.site':                  [OK, OK,    OK,   OK,   OK,   OK,     OK],
  'settings.get':                   [U,  F,     F,    F,    F,    F,      OK],
  'settings.save':                  [U,  F,     F,    F,    F,    F,      OK],
  'admin.stats':                    [U,  F,     F,    F,    F,    F,      OK],
  'admin.users':                    [U,  F,     F,    F,    F,    F,      OK],
  'admin.setPro':                   [U,  F,     F,    F,    F,    F,      OK],
  'admin.setAdmin':                 [U,  F,     F,    F,    F,    F,      OK],
  'admin.resetLink':                [U,  F,     F,    F,    F,    F,      OK],
  'admin.emailStatus':              [U,  F,     F,    F,    F,    F,      OK],
  'admin.shops':                    [U,  F,     F,    F,    F,    F,      OK],
  'admin.setShopActive':            [U,  F,     F,    F,    F,    F,      OK],
  'admin.deleteShop':               [U,  F,     F,    F,    F,    F,      OK],
  'admin.products':                 [U,  F,     F,    F,    F,    F,      OK],
  'admin.setProductActive':         [U,  F,     F,    F,    F,    F,      OK],
  'admin.deleteProduct':            [U,  F,     F,    F,    F,    F,      OK],
  'admin.orders':                   [U,  F,     F,    F,    F,    F,      OK],
  'activity.list':                  [U,  F,     F,    F,    F,    F,      OK],
  'billing.admin':                  [U,  F,     F,    F,    F,    F,      OK],
  'billing.plans':                  [U,  F,     F,    F,    F,    F,      OK],
  'billing.createPlan':             [U,  F,     F,    F,    F,    F,      OK],
  'billing.updatePlan':             [U,  F,     F,    F,    F,    F,      OK],
  'billing.recordPayment':          [U,  F,     F,    F,    F,    F,      OK],
  'billing.undoPayment':            [U,  F,     F,    F,    F,    F,      OK],
  'billing.settings':               [U,  F,     F,    F,    F,    F,      OK],
  'billing.saveSettings':           [U,  F,     F,    F,    F,    F,      OK],
  'billing.mine':                   [U,  F,     F,    OK,   OK,   OK,     F],
};

/** Who may see each planted text in an allowed call's answer (hidden means hidden, product-decisions 4). */
const SEEN_BY: Array<{ marks: string[]; seenBy: CallerName[] }> = [
  { marks: [MARKS.ownerEmail, MARKS.hiddenProduct, MARKS.takenDownProduct], seenBy: ['owner', 'expiredOwner', 'admin'] },
  { marks: [MARKS.buyerAddress, MARKS.buyerNotes], seenBy: ['buyer', 'owner', 'expiredOwner'] },
  { marks: [MARKS.guestAddress, MARKS.guestPhone, MARKS.guestNotes], seenBy: ['owner', 'expiredOwner'] },
];
/** Guest tracking by email alone shows no address, phone or notes, whoever asks (product-decisions 4). */
const HIDDEN_FROM_ALL: Record<string, string[]> = {
  'orders.track': [MARKS.guestAddress, MARKS.guestPhone, MARKS.guestNotes],
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

/** One call on a fresh copy of the world: its outcome, and what it did that it must not. */
function runCell(path: string, type: string, caller: CallerName, expected: Outcome): Promise<{ outcome: string; problems: string[] }> {
  return onCopy(stage, async (env) => {
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
    return { outcome, problems };
  });
}

describe('permission matrix', () => {
  it('has one row for every procedure of the router, and none for a procedure that does not exist', () => {
    const paths = PROCEDURES.map((p) => p.path);
    expect(paths.filter((path) => !(path in MATRIX)), 'procedures without a row in MATRIX').toEqual([]);
    expect(Object.keys(MATRIX).filter((path) => !paths.includes(path)), 'rows of MATRIX naming no procedure').toEqual([]);
    const needInput = PROCEDURES.filter((p) => p.takesInput && !(p.path in stage.inputs));
    expect(needInput.map((p) => p.path), 'procedures without a valid input in world.fixture.ts').toEqual([]);
  });

  for (const { path: procedure, type } of PROCEDURES) {
    const expected = MATRIX[procedure];
    if (!expected) continue;
    it(procedure, async () => {
      const outcomes: Record<string, string> = {};
      const problems: string[] = [];
      for (const [i, caller] of CALLERS.entries()) {
        const cell = await runCell(procedure, type, caller, expected[i]!);
        // OK covers an allowed call that happened to change nothing (an idempotent write).
        outcomes[caller] = cell.outcome === NOOP && expected[i] === OK ? OK : cell.outcome;
        problems.push(...cell.problems);
      }
      expect(outcomes).toEqual(Object.fromEntries(CALLERS.map((caller, i) => [caller, expected[i]])));
      expect([...new Set(problems)]).toEqual([]);
    });
  }
});
