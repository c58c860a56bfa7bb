import { z } from 'zod';
import { cursorSchema } from './pagination';

/** Inputs of the admin screens: paginated searchable lists and moderation toggles. */

export const ADMIN_PAGE_SIZE = 20;

export const adminListSchema = z.object({
  search: z
    .string()
    .trim()
    .max(100, { error: 'Search must be at most 100 characters' })
    .optional()
    .default(''),
  /** Offset of the next page (tRPC's infinite-query cursor). */
  cursor: cursorSchema,
  limit: z.number().int().min(1).max(100).optional().default(ADMIN_PAGE_SIZE),
});
export type AdminListInput = z.input<typeof adminListSchema>;

const id = z.number({ error: 'Invalid id' }).int({ error: 'Invalid id' }).positive({ error: 'Invalid id' });

export const idSchema = z.object({ id });
export const setActiveSchema = z.object({ id, isActive: z.boolean() });
export const setProSchema = z.object({ userId: id, isPro: z.boolean() });
export const setAdminSchema = z.object({ userId: id, isAdmin: z.boolean() });
export const resetLinkSchema = z.object({ userId: id });

/** An admin's Suspend (with a reason) and Unsuspend (issue 49). */
export const SUSPENSION_REASON_MAX = 500;
export const suspendSchema = z.object({
  userId: id,
  reason: z
    .string()
    .trim()
    .min(1, { error: 'Give a reason' })
    .max(SUSPENSION_REASON_MAX, { error: `Reason must be at most ${SUSPENSION_REASON_MAX} characters` }),
});
export const unsuspendSchema = z.object({ userId: id });

export const LAST_ADMIN_MESSAGE = 'You cannot remove the last admin';
