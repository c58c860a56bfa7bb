import { z } from 'zod';

/**
 * A string of typed text, without NUL characters: no keyboard types one, and SQLite measures a text
 * only up to its first NUL, so "\0Lamp" would pass as empty and break the tables' length checks.
 */
export const typedText = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite((v) => v.replaceAll('\0', ''));

/** Free text of a form, trimmed, with the spec's "<Label> is required" and length messages. */
export const requiredText = (label: string, max: number) =>
  typedText({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** Free text that may be left out; absent becomes ''. */
export const optionalText = (label: string, max: number) =>
  typedText()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .default('');
