import type { Role, SelfServiceRole } from '../../shared/constants';
import type { SignUpInput } from '../../shared/schemas/auth';
import { hashPassword } from '../auth/password';
import type { DB } from '../db/client';
import { AppError, conflict, isUniqueViolation, notFound } from '../errors';
import * as users from './users.repository';

export const ALREADY_REGISTERED = 'User already registered';

/** Creates the account and its profile in one transaction; a taken email is a CONFLICT. */
export async function signUp(db: DB, input: SignUpInput, now: Date): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute((trx) =>
      users.insertUser(trx, { email: input.email, passwordHash, fullName: input.fullName, phone: input.phone, now }),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'users.email')) throw conflict(ALREADY_REGISTERED);
    throw error;
  }
}

/** Role selection (spec section 4): role row, role_selected, and the trial clock for shopkeepers. */
export async function chooseRole(db: DB, userId: number, role: SelfServiceRole, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await users.addRole(trx, userId, role, now);
    await users.markRoleSelected(trx, userId, now, role === 'shopkeeper');
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
  return db.transaction().execute(async (trx) => {
    if (enabled) await users.addRole(trx, userId, role, now);
    else await users.removeRole(trx, userId, role);
    await users.markRoleSelected(trx, userId, now, enabled && role === 'shopkeeper');
    return users.listRoles(trx, userId);
  });
}

/** Grants the admin role to an existing account (used by ADMIN_EMAIL and `npm run admin`). */
export async function grantAdmin(db: DB, email: string, now: Date): Promise<void> {
  const id = await users.findIdByEmail(db, email.trim().toLowerCase());
  if (id === undefined) throw notFound(`No account with the email ${email}`);
  await db.transaction().execute(async (trx) => {
    await users.addRole(trx, id, 'admin', now);
    await trx.updateTable('profiles').set({ role_selected: 1 }).where('user_id', '=', id).execute();
  });
}

/** ADMIN_EMAIL + ADMIN_PASSWORD at start: creates that account if missing and makes it an admin. */
export async function bootstrapAdmin(db: DB, email: string, password: string, now: Date): Promise<'created' | 'existing'> {
  let outcome: 'created' | 'existing' = 'existing';
  if ((await users.findIdByEmail(db, email)) === undefined) {
    try {
      await signUp(db, { email, password, fullName: 'Administrator', phone: '' }, now);
      outcome = 'created';
    } catch (error) {
      // Another process created it between the check and the insert: that is fine.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    }
  }
  await grantAdmin(db, email, now);
  return outcome;
}
