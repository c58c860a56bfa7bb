import { z } from 'zod';

/** How many packing slips one print asks for at most: a page of the shop's orders and more. */
export const MAX_PACKING_SLIPS = 100;

const orderId = z.number({ error: 'Invalid id' }).int({ error: 'Invalid id' }).positive({ error: 'Invalid id' });

/** The orders whose packing slips to print, in the order they print. */
export const packingSlipsSchema = z.object({
  orderIds: z
    .array(orderId, { error: 'Choose at least one order' })
    .min(1, { error: 'Choose at least one order' })
    .max(MAX_PACKING_SLIPS, { error: `At most ${MAX_PACKING_SLIPS} packing slips at a time` }),
});
