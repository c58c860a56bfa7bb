import type * as repo from './staff.repository';

type StaffRow = Awaited<ReturnType<typeof repo.listStaff>>[number];
type InvitationRow = Awaited<ReturnType<typeof repo.listOpenInvitations>>[number];

/** A member of the shop's staff as /shop/staff lists them. */
export function toStaffView(row: StaffRow) {
  return { userId: row.user_id, name: row.full_name, email: row.email, role: row.role, joinedAt: row.joined_at, lastActiveAt: row.last_active_at };
}

/** An invitation not yet accepted (its link is not shown again: only its hash is kept). */
export function toInvitationView(row: InvitationRow) {
  return { id: row.id, email: row.email, role: row.role, invitedAt: row.created_at, expiresAt: row.expires_at };
}
