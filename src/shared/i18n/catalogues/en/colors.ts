/** English colors texts; Urdu in ../ur/colors.ts. See ../../translator.ts. */
export default {
} as const;
