import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '../../shared/i18n/language';
import { INVITATION_DAYS, isStaffRole, MAX_STAFF, mayAct, refusalFor, type ShopRole, type StaffRole } from '../../shared/staff';
import type { PlanProfile } from '../../shared/plan';
import { blockedMessage } from '../../shared/trial';
import { planEnded } from '../billing/billing-settings.service';
import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { MailConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../errors';
import { appUrl, staffInvitationEmail } from '../mail/emails';
import { enqueueEmail } from '../mail/outbox.service';
import { siteIdentity } from '../settings/settings.service';
import { findOwnShop } from '../shops/shops.service';
import type { SessionUser } from '../users/users.mapper';
import { findSessionUser } from '../users/users.service';
import { toInvitationView, toStaffView } from './staff.mapper';
import * as repo from './staff.repository';

export const INVITATION_NOT_VALID = 'This invitation link is not valid.';
export const INVITATION_EXPIRED = 'This invitation has expired. Ask the shop for a new link.';
export const INVITATION_USED = 'This invitation has already been used.';
export const INVITATION_OTHER_ACCOUNT = 'This invitation is for another email address. Sign in with the email it was sent to.';
export const EMAIL_OWNS_SHOP = 'This email already owns a shop. An account can own a shop or help one, not both.';
export const EMAIL_STAFF_ELSEWHERE = 'This email is already staff of another shop.';
export const EMAIL_ALREADY_STAFF = 'This email is already on your staff.';
export const ACCOUNT_OWNS_SHOP = 'This account already owns a shop. An account can own a shop or help one, not both.';
export const ACCOUNT_STAFF_ELSEWHERE = 'This account is already staff of another shop.';
export const ACCOUNT_ALREADY_STAFF = "You are already on this shop's staff.";
export const STAFF_FULL = `A shop can have at most ${MAX_STAFF} staff.`;
export const OWNER_STAYS = 'You own this shop: you cannot remove yourself or change your role.';
export const STAFF_NOT_FOUND = 'Staff member not found';

type OwnShop = NonNullable<Awaited<ReturnType<typeof findOwnShop>>>;

const DAY_MS = 86_400_000;
const TOUCH_EVERY_MS = 3_600_000;

/**
 * What the shop tier resolves once per request (issue 51): the caller's shop, what they are in it,
 * and the trial that governs its writes: the owner's, for the owner and for their staff alike.
 */
export interface ShopAccess {
  shop: OwnShop;
  role: ShopRole;
  trial: PlanProfile;
  /** The helper's row (null for the owner), and when they were last noted active. */
  staffId: number | null;
  lastActiveAt: string | null;
}

/**
 * The shop the signed-in user acts for: their own (holding the shopkeeper role), else the one whose
 * staff they are; null for neither. Never a shop the client names.
 */
export async function findShopAccess(db: DB, user: SessionUser): Promise<ShopAccess | null> {
  if (user.roles.includes('shopkeeper')) {
    const shop = await findOwnShop(db, user.id);
    if (shop) return { shop, role: 'owner', trial: { isPro: user.isPro, trialStartAt: user.trialStartAt, proUntil: user.proUntil }, staffId: null, lastActiveAt: null };
  }
  const row = await repo.findMembership(db, user.id);
  if (!row) return null;
  const { staff_id, role, last_active_at, is_pro, trial_start_at, pro_until, ...shop } = row;
  return { shop, role, trial: { isPro: is_pro === 1, trialStartAt: trial_start_at, proUntil: pro_until }, staffId: staff_id, lastActiveAt: last_active_at };
}

/**
 * The signed-in caller's shop for the plain HTTP routes beside tRPC (the orders CSV, the catalogue's
 * export and import, uploads), checked as the shop tier checks a procedure: `minimum` is the route's
 * row of trpc/shop-access.ts SHOP_ROUTES; `write` refuses after the shop's trial or plan (and the
 * operator's grace days: billing-settings.service `planEnded`). Or the refusal to
 * answer with. Never a shop the client names.
 */
export async function shopAccessOfSession(
  db: DB,
  userId: number | null,
  rule: { minimum: ShopRole; write?: { now: Date; trialMinutes: number } },
): Promise<{ user: SessionUser; access: ShopAccess } | { status: 401 | 403 | 404; message: string }> {
  const user = userId === null ? null : await findSessionUser(db, userId);
  if (!user) return { status: 401, message: 'Please sign in to continue' };
  const access = await findShopAccess(db, user);
  if (!access) return user.roles.includes('shopkeeper') ? { status: 404, message: 'Shop not found' } : { status: 403, message: 'Only shopkeepers can do this' };
  if (!mayAct(access.role, rule.minimum)) return { status: 403, message: refusalFor(rule.minimum) };
  if (rule.write && (await planEnded(db, access.trial, rule.write.now, rule.write.trialMinutes))) return { status: 403, message: blockedMessage(access.trial, rule.write.trialMinutes) };
  await noteStaffActive(db, access, rule.write?.now ?? new Date());
  return { user, access };
}

/** Notes a helper active (the owner's list shows it), at most once an hour. */
export async function noteStaffActive(db: DB, access: ShopAccess, now: Date): Promise<void> {
  if (access.staffId === null) return;
  const before = new Date(now.getTime() - TOUCH_EVERY_MS).toISOString();
  if (access.lastActiveAt !== null && access.lastActiveAt >= before) return;
  await repo.touchLastActive(db, access.staffId, now.toISOString(), before);
}

/** The one who acts for the shop, as the activity log names them: the owner, or the helper by name. */
export function shopActor(user: Pick<SessionUser, 'id' | 'fullName' | 'email'>, role: ShopRole): ActivityActor {
  return { userId: user.id, name: user.fullName.trim() || user.email, role: isStaffRole(role) ? 'staff' : 'owner' };
}

/** A shop's acting person, as services receive it: the shop, who acts and in which role. */
export interface ShopContext {
  shop: OwnShop;
  user: SessionUser;
  role: ShopRole;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The invitation page's address for a token (the page's language: its links stay in it). */
export function invitationUrl(origin: string, language: Language, token: string): string {
  return appUrl(origin, language, `/join-shop?token=${token}`);
}

/** /shop/staff: the owner, the staff with their roles and last activity, the open invitations, the limit. */
export async function listStaff(db: DB, context: ShopContext, now: Date) {
  const [members, invitations] = await Promise.all([repo.listStaff(db, context.shop.id), repo.listOpenInvitations(db, context.shop.id, now.toISOString())]);
  return {
    owner: { userId: context.user.id, name: context.user.fullName, email: context.user.email },
    members: members.map(toStaffView),
    invitations: invitations.map(toInvitationView),
    max: MAX_STAFF,
  };
}

/**
 * "Add staff": an invitation link for `email` in `role`, valid 7 days, single use (a new one for the
 * same email replaces it). Refused, with nothing written: an email that owns a shop, helps another or
 * is already on this one, and an 11th member (open invitations count). Emailed when mail is set up.
 */
export async function inviteStaff(
  db: DB,
  context: ShopContext,
  input: { email: string; role: StaffRole },
  options: { origin: string; language: Language; mail: MailConfig | null; now: Date },
) {
  const { now } = options;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString();
  const url = invitationUrl(options.mail?.publicUrl ?? options.origin, options.language, token);
  const emailed = await inTransaction(db, async (trx) => {
    const account = await repo.findAccountByEmail(trx, input.email);
    if (account?.owned_shop_id != null) throw conflict(EMAIL_OWNS_SHOP);
    if (account?.staff_shop_id != null) throw conflict(account.staff_shop_id === context.shop.id ? EMAIL_ALREADY_STAFF : EMAIL_STAFF_ELSEWHERE);
    await repo.deleteOpenInvitations(trx, context.shop.id, input.email);
    const taken = (await repo.countStaff(trx, context.shop.id)) + (await repo.listOpenInvitations(trx, context.shop.id, now.toISOString())).length;
    if (taken >= MAX_STAFF) throw conflict(STAFF_FULL);
    const id = await repo.insertInvitation(trx, { shopId: context.shop.id, email: input.email, role: input.role, tokenHash: hashToken(token), now: now.toISOString(), expiresAt });
    await recordActivity(trx, {
      actor: shopActor(context.user, context.role),
      action: 'staff.invited',
      subject: { type: 'staff_invitation', id, label: input.email },
      shopId: context.shop.id,
      changes: { role: [null, input.role] },
      at: now,
    });
    if (!options.mail) return false;
    const content = staffInvitationEmail(options.language, options.mail.publicUrl, { shopName: context.shop.name, role: input.role, url }, await siteIdentity(trx));
    await enqueueEmail(trx, { kind: 'staff-invitation', to: input.email, language: options.language, content, now });
    return true;
  });
  return { url, email: input.email, role: input.role, expiresAt, emailed };
}

/** An invitation by its link's token, or the refusal of a link that is not valid, expired or used. */
async function liveInvitation(db: DB, token: string, now: Date) {
  const invitation = token ? await repo.findInvitation(db, hashToken(token)) : undefined;
  if (!invitation) throw badRequest(INVITATION_NOT_VALID);
  if (invitation.used_at !== null) throw badRequest(INVITATION_USED);
  if (invitation.expires_at <= now.toISOString()) throw badRequest(INVITATION_EXPIRED);
  return invitation;
}

/** The invitation screen: the shop, the role and the email it is for (or the link's refusal). */
export async function describeInvitation(db: DB, token: string, now: Date) {
  const invitation = await liveInvitation(db, token, now);
  return { shopName: invitation.shop_name, role: invitation.role, email: invitation.email };
}

/**
 * Accepting: the signed-in account must be the one invited, own no shop and help none; the shop must
 * have room. The link is spent in the same transaction that adds the member, so it works once.
 */
export async function acceptInvitation(db: DB, user: SessionUser, token: string, now: Date) {
  return inTransaction(db, async (trx) => {
    const invitation = await liveInvitation(trx, token, now);
    if (invitation.email !== user.email.toLowerCase()) throw new AppError('FORBIDDEN', INVITATION_OTHER_ACCOUNT);
    const { ownedShopId, staffShopId } = await repo.shopsOfAccount(trx, user.id);
    if (ownedShopId !== null) throw conflict(ACCOUNT_OWNS_SHOP);
    if (staffShopId !== null) throw conflict(staffShopId === invitation.shop_id ? ACCOUNT_ALREADY_STAFF : ACCOUNT_STAFF_ELSEWHERE);
    if ((await repo.countStaff(trx, invitation.shop_id)) >= MAX_STAFF) throw conflict(STAFF_FULL);
    if (!(await repo.markInvitationUsed(trx, invitation.id, now.toISOString()))) throw badRequest(INVITATION_USED);
    try {
      await repo.insertStaff(trx, { shopId: invitation.shop_id, userId: user.id, role: invitation.role, invitedAt: invitation.created_at, now: now.toISOString() });
    } catch (error) {
      if (isUniqueViolation(error, 'shop_staff.user_id')) throw conflict(ACCOUNT_STAFF_ELSEWHERE);
      throw error;
    }
    await recordActivity(trx, {
      actor: shopActor(user, invitation.role),
      action: 'staff.joined',
      subject: { type: 'user', id: user.id, label: user.fullName || user.email },
      shopId: invitation.shop_id,
      changes: { role: [null, invitation.role] },
      at: now,
    });
    return { shopName: invitation.shop_name, role: invitation.role };
  });
}

/** The owner's "Change role": takes effect on the helper's next request, on every instance. */
export async function changeStaffRole(db: DB, context: ShopContext, input: { userId: number; role: StaffRole }, now: Date): Promise<void> {
  if (input.userId === context.user.id) throw badRequest(OWNER_STAYS);
  await inTransaction(db, async (trx) => {
    const member = await repo.findMember(trx, context.shop.id, input.userId);
    if (!member) throw notFound(STAFF_NOT_FOUND);
    if (member.role === input.role) return;
    await repo.updateRole(trx, context.shop.id, input.userId, input.role);
    await recordActivity(trx, {
      actor: shopActor(context.user, context.role),
      action: 'staff.role_changed',
      subject: { type: 'user', id: input.userId, label: member.full_name || member.email },
      shopId: context.shop.id,
      changes: { role: [member.role, input.role] },
      at: now,
    });
  });
}

/** The owner's "Remove": the helper's next request is refused, on every instance. */
export async function removeStaff(db: DB, context: ShopContext, userId: number, now: Date): Promise<void> {
  if (userId === context.user.id) throw badRequest(OWNER_STAYS);
  await inTransaction(db, async (trx) => {
    const member = await repo.findMember(trx, context.shop.id, userId);
    if (!member) throw notFound(STAFF_NOT_FOUND);
    await repo.deleteStaff(trx, context.shop.id, userId);
    await recordActivity(trx, {
      actor: shopActor(context.user, context.role),
      action: 'staff.removed',
      subject: { type: 'user', id: userId, label: member.full_name || member.email },
      shopId: context.shop.id,
      changes: { role: [member.role, null] },
      at: now,
    });
  });
}

/** "Remove" on an open invitation: its link stops working. */
export async function revokeInvitation(db: DB, context: ShopContext, id: number, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const removed = await repo.deleteInvitation(trx, context.shop.id, id);
    if (!removed) throw notFound(STAFF_NOT_FOUND);
    await recordActivity(trx, {
      actor: shopActor(context.user, context.role),
      action: 'staff.invitation_revoked',
      subject: { type: 'staff_invitation', id, label: removed.email },
      shopId: context.shop.id,
      at: now,
    });
  });
}
