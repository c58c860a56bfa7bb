import { z } from 'zod';
import { PAGE_SIZE } from '../constants';

// In constants.ts, so that the public pages' code does not load zod for it; named here too for the schemas' users.
export { PAGE_SIZE };
/** The most rows one request may ask for. */
export const MAX_PAGE_SIZE = 100;

/** The offset of the next page, as returned by the previous one (`nextCursor`); absent for the first. */
export const cursorSchema = z.number().int().min(0).max(1_000_000).nullish();

/** How many rows a page holds, when the screen chooses. */
export const limitSchema = z.number().int().min(1).max(MAX_PAGE_SIZE).optional().default(PAGE_SIZE);
