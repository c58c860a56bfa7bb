import { z } from 'zod';
import { STAFF_ROLES } from '../staff';
import { emailSchema } from './auth';

const role = z.enum(STAFF_ROLES, { error: 'Choose a role' });
const userId = z.number({ error: 'Staff member not found' }).int().positive({ error: 'Staff member not found' });

/** /shop/staff "Add staff": the email to invite and the role they will have. */
export const inviteStaffSchema = z.object({ email: emailSchema, role });

/** "Change role" and "Remove" name the member by their account. */
export const changeStaffRoleSchema = z.object({ userId, role });
export const removeStaffSchema = z.object({ userId });
/** "Remove" on an invitation not yet accepted. */
export const invitationIdSchema = z.object({ id: z.number().int().positive() });

/** The invitation link's token (/join-shop?token=…): any other shape reads as a link that is not valid. */
export const invitationTokenSchema = z.object({ token: z.string().max(200) });
