import type { Role } from '../../shared/constants';
import type { DB } from '../db/client';

/** The signed-in user as procedures see it: no password hash, booleans as booleans. */
export interface SessionUser {
  id: number;
  email: string;
  fullName: string;
  phone: string;
  avatarUrl: string | null;
  isPro: boolean;
  trialStartAt: string | null;
  roleSelected: boolean;
  shippingAddress: { address: string; city: string; postalCode: string };
  roles: Role[];
}

export async function findCredentialsByEmail(db: DB, email: string) {
  return db.selectFrom('users').select(['id', 'email', 'password_hash']).where('email', '=', email).executeTakeFirst();
}

export async function findIdByEmail(db: DB, email: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

export async function listRoles(db: DB, userId: number): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
  return rows.map((r) => r.role);
}

export async function findSessionUser(db: DB, userId: number): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'profiles.full_name',
      'profiles.phone',
      'profiles.avatar_url',
      'profiles.is_pro',
      'profiles.trial_start_at',
      'profiles.role_selected',
      'profiles.ship_address',
      'profiles.ship_city',
      'profiles.ship_postal_code',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    phone: row.phone,
    avatarUrl: row.avatar_url,
    isPro: row.is_pro === 1,
    trialStartAt: row.trial_start_at,
    roleSelected: row.role_selected === 1,
    shippingAddress: { address: row.ship_address, city: row.ship_city, postalCode: row.ship_postal_code },
    roles: await listRoles(db, userId),
  };
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

export async function markRoleSelected(db: DB, userId: number, now: Date, startTrial: boolean): Promise<void> {
  await db
    .updateTable('profiles')
    .set((eb) => ({
      role_selected: 1,
      updated_at: now.toISOString(),
      // The trial starts once, the first time; choosing the role again never restarts it.
      ...(startTrial ? { trial_start_at: eb.fn.coalesce('trial_start_at', eb.val(now.toISOString())) } : {}),
    }))
    .where('user_id', '=', userId)
    .execute();
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

export async function startTrialIfUnset(db: DB, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ trial_start_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('trial_start_at', 'is', null)
    .execute();
}
