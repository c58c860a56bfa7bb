/** English errors texts; Urdu in ../ur/errors.ts. See ../../translator.ts. */
export default {
} as const;
