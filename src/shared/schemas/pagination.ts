import { z } from 'zod';

/** Rows per page of every list that pages with a cursor, unless a screen asks for another size. */
export const PAGE_SIZE = 20;
/** The most rows one request may ask for. */
export const MAX_PAGE_SIZE = 100;

/** The offset of the next page, as returned by the previous one (`nextCursor`); absent for the first. */
export const cursorSchema = z.number().int().min(0).max(1_000_000).nullish();

/** How many rows a page holds, when the screen chooses. */
export const limitSchema = z.number().int().min(1).max(MAX_PAGE_SIZE).optional().default(PAGE_SIZE);
