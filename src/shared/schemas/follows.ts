import { z } from 'zod';

/** Follow a shop, or stop following it. */
export const setFollowingSchema = z.object({ shopId: z.number().int().positive(), following: z.boolean() });
