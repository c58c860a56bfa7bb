import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { Role, SelfServiceRole } from '../../shared/constants';
import { LAST_ADMIN_MESSAGE } from '../../shared/schemas/admin';
import type { SignUpInput, UpdateProfileInput } from '../../shared/schemas/auth';
import { trialNotStarted } from '../../shared/trial';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError, conflict, isUniqueViolation, notFound } from '../errors';
import { offsetPage } from '../pagination';
import { type SessionUser, toAdminUserView, toSessionUser } from './users.mapper';
import * as users from './users.repository';

export const ALREADY_REGISTERED = 'User already registered';
export const USER_NOT_FOUND = 'User not found';

/** The account behind a session, or null when it no longer exists. */
export async function findSessionUser(db: DB, userId: number): Promise<SessionUser | null> {
  const row = await users.findProfile(db, userId);
  // A suspended account has no session (issue 49): ended at the suspension, refused here meanwhile.
  return row && row.suspended_at === null ? toSessionUser(row, await users.listRoles(db, userId)) : null;
}

/**
 * The account matching an email and password, or null. A hash is checked even for an unknown email,
 * so the response time does not tell which emails exist.
 */
export async function verifyCredentials(db: DB, email: string, password: string): Promise<{ id: number; email: string; suspended: boolean } | null> {
  const account = await users.findCredentialsByEmail(db, email);
  const ok = await verifyPassword(password, account?.password_hash ?? (await dummyPasswordHash()));
  return account && ok ? { id: account.id, email: account.email, suspended: account.suspended_at !== null } : null;
}

/** Whether `password` is this user's password; as slow for an unknown id as for a wrong password. */
export async function verifyPasswordOf(db: DB, userId: number, password: string): Promise<boolean> {
  const stored = await users.findPasswordHash(db, userId);
  const ok = await verifyPassword(password, stored ?? (await dummyPasswordHash()));
  return stored !== undefined && ok;
}

/** Replaces the password; the auth service ends the user's other sessions in the same transaction. */
export async function setPassword(db: DB, userId: number, passwordHash: string): Promise<void> {
  await users.updatePasswordHash(db, userId, passwordHash);
}

/** The roles a user holds (none for an unknown id). */
export async function rolesOf(db: DB, userId: number): Promise<Role[]> {
  return users.listRoles(db, userId);
}

/** Creates the account and its profile in one transaction; a taken email is a CONFLICT. */
export async function signUp(db: DB, input: SignUpInput, now: Date): Promise<number> {
  const { password, ...account } = input;
  return createAccount(db, { ...account, passwordHash: await hashPassword(password) }, now);
}

/** signUp with the password already hashed: the test factories and the seed hash each password once. */
export async function createAccount(
  db: DB,
  input: Omit<SignUpInput, 'password'> & { passwordHash: string },
  now: Date,
): Promise<number> {
  try {
    return await inTransaction(db, (trx) =>
      users.insertUser(trx, { email: input.email, passwordHash: input.passwordHash, fullName: input.fullName, phone: input.phone, now }),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'users.email')) throw conflict(ALREADY_REGISTERED);
    throw error;
  }
}

/** Role selection (spec section 4): role row, role_selected, and the trial clock for shopkeepers. */
export async function chooseRole(db: DB, userId: number, role: SelfServiceRole, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    await users.addRole(trx, userId, role, now);
    await users.markRoleSelected(trx, userId, now);
    // The trial starts once, the first time; choosing the role again never restarts it.
    if (role === 'shopkeeper') await users.startTrialIfUnset(trx, userId, now);
  });
}

/** The /settings toggles: add or remove a role, then mark role_selected. */
export async function toggleRole(
  db: DB,
  userId: number,
  role: SelfServiceRole,
  enabled: boolean,
  now: Date,
): Promise<Role[]> {
  return inTransaction(db, async (trx) => {
    if (enabled) await users.addRole(trx, userId, role, now);
    else await users.removeRole(trx, userId, role);
    await users.markRoleSelected(trx, userId, now);
    if (enabled && role === 'shopkeeper') await users.startTrialIfUnset(trx, userId, now);
    return users.listRoles(trx, userId);
  });
}

/**
 * Starts the trial of a non-pro shopkeeper whose trial has not started (product-decisions 3: when the
 * dashboard finds it empty). Idempotent: a started trial is never restarted.
 */
export async function startTrial(db: DB, user: SessionUser, now: Date): Promise<void> {
  if (trialNotStarted(user)) await users.startTrialIfUnset(db, user.id, now);
}

/** The /settings profile form: name, phone and default shipping address of the caller. */
export async function updateProfile(db: DB, userId: number, input: UpdateProfileInput, now: Date): Promise<void> {
  await users.updateProfile(
    db,
    userId,
    {
      fullName: input.fullName,
      phone: input.phone,
      address: input.shippingAddress.address,
      city: input.shippingAddress.city,
      postalCode: input.shippingAddress.postalCode,
    },
    now,
  );
}

/** Users matching a search, a page at a time, with their roles and the total count (for /admin/users). */
export async function searchUsers(db: DB, search: string, offset: number, limit: number) {
  const [rows, total] = await Promise.all([users.search(db, search, offset, limit), users.countSearch(db, search)]);
  const page = offsetPage(rows, offset, limit);
  const roles = new Map<number, Role[]>();
  for (const r of await users.listRolesOf(db, page.items.map((u) => u.id))) roles.set(r.user_id, [...(roles.get(r.user_id) ?? []), r.role]);
  return { items: page.items.map((row) => toAdminUserView(row, roles.get(row.id) ?? [])), total, nextCursor: page.nextCursor };
}

/** Whether every account is an administrator (or there is none): the demo seed fills only such a database. */
export async function onlyAdminAccounts(db: DB): Promise<boolean> {
  const [all, admins] = await Promise.all([users.countUsers(db), users.countWithRole(db, 'admin')]);
  return all === admins;
}

/** The id of the account with this email, if there is one. */
export async function findUserIdByEmail(db: DB, email: string): Promise<number | undefined> {
  return users.findIdByEmail(db, email.trim().toLowerCase());
}

/**
 * The admin's Enable/Disable Pro (issue 48): Enable is "Pro, no end date" (what Pro meant before
 * plans). Disable ends a paid Pro now, with no grace days; a "no end date" Pro it turns back into what
 * it was before plans, the trial's rule (the spec's Disable Pro). In the activity log when it changed something.
 */
export async function setPro(db: DB, userId: number, isPro: boolean, now: Date, actor: ActivityActor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await users.findProfile(trx, userId);
    if (!before) throw notFound(USER_NOT_FOUND);
    const wasPro = before.is_pro === 1;
    const unchanged = isPro ? wasPro && before.pro_until === null : !wasPro;
    if (unchanged) return;
    const proUntil = isPro || before.pro_until === null ? null : now.toISOString();
    if (!(await users.setPro(trx, userId, { isPro, proUntil }, now))) throw notFound(USER_NOT_FOUND);
    await recordActivity(trx, {
      actor,
      action: isPro ? 'user.pro_enabled' : 'user.pro_disabled',
      subject: { type: 'user', id: userId, label: before.full_name || null },
      changes: { is_pro: [wasPro, isPro], pro_until: [before.pro_until, proUntil] },
      at: now,
    });
  });
}

/**
 * Grants or removes the admin role. The last admin is never removed: the check and the delete run in
 * one transaction, so two admins removing each other at once cannot both succeed.
 */
export async function setAdminRole(db: DB, userId: number, isAdmin: boolean, now: Date, actor?: ActivityActor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const profile = await users.findProfile(trx, userId);
    if (!profile) throw notFound(USER_NOT_FOUND);
    const wasAdmin = (await users.listRoles(trx, userId)).includes('admin');
    if (wasAdmin === isAdmin) return;
    if (isAdmin) await users.addRole(trx, userId, 'admin', now);
    else {
      if ((await users.countWithRole(trx, 'admin')) <= 1) throw conflict(LAST_ADMIN_MESSAGE);
      await users.removeRole(trx, userId, 'admin');
    }
    if (actor) {
      await recordActivity(trx, {
        actor,
        action: isAdmin ? 'user.admin_granted' : 'user.admin_removed',
        subject: { type: 'user', id: userId, label: profile.full_name || null },
        changes: { admin: [wasAdmin, isAdmin] },
        at: now,
      });
    }
  });
}

/** Grants the admin role to an existing account (used by ADMIN_EMAIL and `npm run admin`). */
export async function grantAdmin(db: DB, email: string, now: Date): Promise<void> {
  const id = await users.findIdByEmail(db, email.trim().toLowerCase());
  if (id === undefined) throw notFound(`No account with the email ${email}`);
  await inTransaction(db, async (trx) => {
    await users.addRole(trx, id, 'admin', now);
    await users.markRoleSelected(trx, id, now);
  });
}

type AdminBootstrap = 'created' | 'granted' | 'already-admin' | 'refused';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start (product-decisions section 4): creates that account as an
 * admin when it does not exist. An existing account becomes admin only when its password is
 * ADMIN_PASSWORD; otherwise ('refused') whoever registered the email first does not get the role.
 */
export async function bootstrapAdmin(db: DB, email: string, password: string, now: Date): Promise<AdminBootstrap> {
  let outcome: AdminBootstrap | null = null;
  if ((await users.findIdByEmail(db, email)) === undefined) {
    try {
      await signUp(db, { email, password, fullName: 'Administrator', phone: '' }, now);
      outcome = 'created';
    } catch (error) {
      // Another process created it between the check and the insert: it is then an existing account.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    }
  }
  if (outcome === null) {
    const id = await users.findIdByEmail(db, email);
    if (id !== undefined && (await users.listRoles(db, id)).includes('admin')) return 'already-admin';
    if (!(await verifyCredentials(db, email, password))) return 'refused';
    outcome = 'granted';
  }
  await grantAdmin(db, email, now);
  return outcome;
}

/** The start-up log line for each outcome; a refusal says what to do about it. */
export function adminBootstrapMessage(email: string, outcome: AdminBootstrap): string {
  switch (outcome) {
    case 'created':
      return `admin ${email}: account created and granted the admin role`;
    case 'granted':
      return `admin ${email}: existing account (its password is ADMIN_PASSWORD) granted the admin role`;
    case 'already-admin':
      return `admin ${email}: account is already an admin`;
    case 'refused':
      return (
        `ADMIN_EMAIL ${email}: an account with this email already exists and ADMIN_PASSWORD is not its password, so it was ` +
        'NOT made an admin. If that account is yours, set ADMIN_PASSWORD to its password or run `npm run admin -- grant EMAIL`; ' +
        'otherwise choose another ADMIN_EMAIL.'
      );
  }
}

/** /settings "Cart reminders" (issue 50): the account's forgotten-cart email on or off. */
export async function setCartReminders(db: DB, userId: number, enabled: boolean, now: Date): Promise<void> {
  await users.setCartReminders(db, userId, enabled, now);
}

/** A cart reminder's stop link (issue 50): whether the account with this address gets them (undefined: no such account). */
export function cartRemindersOfAddress(db: DB, email: string): Promise<boolean | undefined> {
  return users.cartRemindersOfAddress(db, email);
}

/** A cart reminder's stop link: the account with this address, as its /settings switch would. */
export async function setCartRemindersOfAddress(db: DB, email: string, enabled: boolean, now: Date): Promise<void> {
  await users.setCartRemindersOfAddress(db, email, enabled, now);
}
