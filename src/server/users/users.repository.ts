import type { Role } from '../../shared/constants';
import type { DB } from '../db/client';
import { containsText } from '../db/dialect';

export async function findCredentialsByEmail(db: DB, email: string) {
  return db.selectFrom('users').select(['id', 'email', 'password_hash', 'suspended_at']).where('email', '=', email).executeTakeFirst();
}

export async function findPasswordHash(db: DB, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

export async function updatePasswordHash(db: DB, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function findIdByEmail(db: DB, email: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

export async function listRoles(db: DB, userId: number): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
  return rows.map((r) => r.role);
}

/** The profile behind a session (roles are read with listRoles). */
export async function findProfile(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.suspended_at',
      'profiles.full_name',
      'profiles.phone',
      'profiles.avatar_url',
      'profiles.is_pro',
      'profiles.pro_until',
      'profiles.trial_start_at',
      'profiles.role_selected',
      'profiles.ship_address',
      'profiles.ship_city',
      'profiles.ship_postal_code',
      'profiles.order_emails',
      'profiles.cart_reminders',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function insertUser(
  db: DB,
  user: { email: string; passwordHash: string; fullName: string; phone: string; now: Date },
): Promise<number> {
  const at = user.now.toISOString();
  const { id } = await db
    .insertInto('users')
    .values({ email: user.email, password_hash: user.passwordHash, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('profiles')
    .values({ user_id: id, full_name: user.fullName, phone: user.phone, avatar_url: null, trial_start_at: null, updated_at: at })
    .execute();
  return id;
}

/** Adds a role; adding a role the user already holds is not an error (spec 6, duplicate rows ignored). */
export async function addRole(db: DB, userId: number, role: Role, now: Date): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}

export async function removeRole(db: DB, userId: number, role: Role): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).execute();
}

export async function markRoleSelected(db: DB, userId: number, now: Date): Promise<void> {
  await db.updateTable('profiles').set({ role_selected: 1, updated_at: now.toISOString() }).where('user_id', '=', userId).execute();
}

export async function updateProfile(
  db: DB,
  userId: number,
  fields: { fullName: string; phone: string; address: string; city: string; postalCode: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('profiles')
    .set({
      full_name: fields.fullName,
      phone: fields.phone,
      ship_address: fields.address,
      ship_city: fields.city,
      ship_postal_code: fields.postalCode,
      updated_at: now.toISOString(),
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Sets the trial start unless it is already set, in one statement, so two requests cannot both set it. */
export async function startTrialIfUnset(db: DB, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ trial_start_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('trial_start_at', 'is', null)
    .execute();
}

/**
 * Enable Pro: Pro with no end date. Disable Pro: not Pro, ended now (`proUntil`), or as it was for an
 * account that was not Pro (its trial stays its own). Returns whether the user exists.
 */
export async function setPro(db: DB, userId: number, pro: { isPro: boolean; proUntil: string | null }, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('profiles')
    .set({ is_pro: pro.isPro ? 1 : 0, pro_until: pro.proUntil, updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function countWithRole(db: DB, role: Role): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countUsers(db: DB): Promise<number> {
  const row = await db.selectFrom('profiles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

function searchQuery(db: DB, search: string) {
  let query = db.selectFrom('users').innerJoin('profiles', 'profiles.user_id', 'users.id');
  if (search) {
    query = query.where((eb) =>
      eb.or([containsText('users.email', search), containsText('profiles.full_name', search), containsText('profiles.phone', search)]),
    );
  }
  return query;
}

/** Users whose email, name or phone contain `search`, newest first; reads `limit + 1` rows (see offsetPage). */
export async function search(db: DB, search: string, offset: number, limit: number) {
  return searchQuery(db, search)
    .select(['users.id', 'users.email', 'users.suspended_at', 'users.suspension_reason', 'profiles.full_name', 'profiles.phone', 'profiles.is_pro', 'profiles.pro_until', 'profiles.trial_start_at'])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

export async function countSearch(db: DB, search: string): Promise<number> {
  const row = await searchQuery(db, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The roles of several users at once, in role order. */
export async function listRolesOf(db: DB, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('user_roles').select(['user_id', 'role']).where('user_id', 'in', userIds).orderBy('role').execute();
}

/** /settings "Cart reminders": the account's forgotten-cart email on or off. */
export async function setCartReminders(db: DB, userId: number, enabled: boolean, now: Date): Promise<void> {
  await db.updateTable('profiles').set({ cart_reminders: enabled ? 1 : 0, updated_at: now.toISOString() }).where('user_id', '=', userId).execute();
}

/** A cart reminder's stop link: the switch of the account with this (lowercase) address, or undefined without one. */
export async function cartRemindersOfAddress(db: DB, email: string): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select('profiles.cart_reminders')
    .where('users.email', '=', email)
    .executeTakeFirst();
  return row && row.cart_reminders === 1;
}

/** A cart reminder's stop link: switches the reminders of the account with this (lowercase) address. */
export async function setCartRemindersOfAddress(db: DB, email: string, enabled: boolean, now: Date): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ cart_reminders: enabled ? 1 : 0, updated_at: now.toISOString() })
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
    .execute();
}

/** The "Order updates by email" switch of every account with this (lowercase) address. */
export async function setOrderEmailsOfAddress(db: DB, email: string, enabled: boolean, now: Date): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ order_emails: enabled ? 1 : 0, updated_at: now.toISOString() })
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
    .execute();
}

/** The account's address (lowercase), or null for an account that is gone. */
export async function emailOf(db: DB, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

/** An address that gets no status emails: kept once however often it is switched off. */
export async function optOut(db: DB, email: string, now: Date): Promise<void> {
  await db.insertInto('email_opt_outs').values({ email, created_at: now.toISOString() }).onConflict((oc) => oc.column('email').doNothing()).execute();
}

export async function optIn(db: DB, email: string): Promise<void> {
  await db.deleteFrom('email_opt_outs').where('email', '=', email).execute();
}

export async function isOptedOut(db: DB, email: string): Promise<boolean> {
  return (await db.selectFrom('email_opt_outs').select('email').where('email', '=', email).executeTakeFirst()) !== undefined;
}

/** Whether the account keeps "Order updates by email" on (false for an account that is gone). */
export async function wantsOrderEmails(db: DB, userId: number): Promise<boolean> {
  const row = await db.selectFrom('profiles').select('order_emails').where('user_id', '=', userId).executeTakeFirst();
  return row?.order_emails === 1;
}

/** Suspends (a time and a reason) or unsuspends (nulls) an account. */
export async function setSuspension(db: DB, userId: number, at: string | null, reason: string | null): Promise<void> {
  await db.updateTable('users').set({ suspended_at: at, suspension_reason: reason }).where('id', '=', userId).execute();
}

/** Admins whose accounts are not suspended, `userId` left out. */
export async function countOtherActiveAdmins(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_roles.role', '=', 'admin')
    .where('users.suspended_at', 'is', null)
    .where('users.id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
