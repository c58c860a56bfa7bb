import { z } from 'zod';

/** The offset of the next page, as returned by the previous one (`nextCursor`); absent for the first. */
export const cursorSchema = z.number().int().min(0).max(1_000_000).nullish();
