import type { StaffRole } from '../../shared/staff';
import type { DB } from '../db/client';

/** The caller's membership of a shop's staff, with the shop (as the owner's tier reads it) and its owner's trial. */
export async function findMembership(db: DB, userId: number) {
  return db
    .selectFrom('shop_staff as s')
    .innerJoin('shops as sh', 'sh.id', 's.shop_id')
    .innerJoin('profiles as p', 'p.user_id', 'sh.owner_id')
    .select(['s.id as staff_id', 's.role', 's.last_active_at', 'sh.id', 'sh.name', 'sh.slug', 'sh.currency', 'sh.is_active', 'sh.taken_down_at', 'sh.whatsapp_number', 'sh.tax_rate_bps'])
    .select(['p.is_pro', 'p.trial_start_at', 'p.pro_until'])
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
}

/** The hourly "last active" of a helper: written only when the one kept is older than `before`. */
export async function touchLastActive(db: DB, staffId: number, now: string, before: string): Promise<void> {
  await db
    .updateTable('shop_staff')
    .set({ last_active_at: now })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', before)]))
    .execute();
}

/** A shop's staff with their names, in the order they joined. */
export async function listStaff(db: DB, shopId: number) {
  return db
    .selectFrom('shop_staff as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('profiles as p', 'p.user_id', 's.user_id')
    .select(['s.user_id', 'u.email', 'p.full_name', 's.role', 's.joined_at', 's.last_active_at'])
    .where('s.shop_id', '=', shopId)
    .orderBy('s.joined_at')
    .orderBy('s.id')
    .execute();
}

/** A shop's invitations not yet used nor expired, newest first. */
export async function listOpenInvitations(db: DB, shopId: number, now: string) {
  return db
    .selectFrom('shop_staff_invitations')
    .select(['id', 'email', 'role', 'created_at', 'expires_at'])
    .where('shop_id', '=', shopId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countStaff(db: DB, shopId: number): Promise<number> {
  const row = await db.selectFrom('shop_staff').select((eb) => eb.fn.countAll<number | string>().as('n')).where('shop_id', '=', shopId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The account of an email (as stored: lower case), with whether it owns a shop and which shop it helps. */
export async function findAccountByEmail(db: DB, email: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('shops as owned', 'owned.owner_id', 'u.id')
    .leftJoin('shop_staff as s', 's.user_id', 'u.id')
    .select(['u.id', 'owned.id as owned_shop_id', 's.shop_id as staff_shop_id'])
    .where('u.email', '=', email)
    .executeTakeFirst();
}

/** Which shop an account owns and which it helps (each null when none). */
export async function shopsOfAccount(db: DB, userId: number) {
  const [owned, staff] = await Promise.all([
    db.selectFrom('shops').select('id').where('owner_id', '=', userId).executeTakeFirst(),
    db.selectFrom('shop_staff').select('shop_id').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return { ownedShopId: owned?.id ?? null, staffShopId: staff?.shop_id ?? null };
}

export async function deleteOpenInvitations(db: DB, shopId: number, email: string): Promise<void> {
  await db.deleteFrom('shop_staff_invitations').where('shop_id', '=', shopId).where('email', '=', email).where('used_at', 'is', null).execute();
}

export async function insertInvitation(db: DB, values: { shopId: number; email: string; role: StaffRole; tokenHash: string; now: string; expiresAt: string }): Promise<number> {
  const row = await db
    .insertInto('shop_staff_invitations')
    .values({ shop_id: values.shopId, email: values.email, role: values.role, token_hash: values.tokenHash, created_at: values.now, expires_at: values.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** An invitation by its token's hash, with its shop's name. */
export async function findInvitation(db: DB, tokenHash: string) {
  return db
    .selectFrom('shop_staff_invitations as i')
    .innerJoin('shops as sh', 'sh.id', 'i.shop_id')
    .select(['i.id', 'i.shop_id', 'i.email', 'i.role', 'i.created_at', 'i.expires_at', 'i.used_at', 'sh.name as shop_name'])
    .where('i.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Spends an invitation: true only for the one call that found it unused. */
export async function markInvitationUsed(db: DB, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('shop_staff_invitations').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteInvitation(db: DB, shopId: number, id: number) {
  return db.deleteFrom('shop_staff_invitations').where('shop_id', '=', shopId).where('id', '=', id).where('used_at', 'is', null).returning(['email']).executeTakeFirst();
}

export async function insertStaff(db: DB, values: { shopId: number; userId: number; role: StaffRole; invitedAt: string; now: string }): Promise<void> {
  await db
    .insertInto('shop_staff')
    .values({ shop_id: values.shopId, user_id: values.userId, role: values.role, invited_at: values.invitedAt, joined_at: values.now, last_active_at: values.now })
    .execute();
}

/** One member of a shop's staff with their name (for the log), or undefined. */
export async function findMember(db: DB, shopId: number, userId: number) {
  return db
    .selectFrom('shop_staff as s')
    .innerJoin('profiles as p', 'p.user_id', 's.user_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.role', 'p.full_name', 'u.email'])
    .where('s.shop_id', '=', shopId)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateRole(db: DB, shopId: number, userId: number, role: StaffRole): Promise<void> {
  await db.updateTable('shop_staff').set({ role }).where('shop_id', '=', shopId).where('user_id', '=', userId).execute();
}

export async function deleteStaff(db: DB, shopId: number, userId: number): Promise<void> {
  await db.deleteFrom('shop_staff').where('shop_id', '=', shopId).where('user_id', '=', userId).execute();
}
