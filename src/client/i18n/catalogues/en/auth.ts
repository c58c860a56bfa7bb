/** English texts of the auth screens (keys `auth.*`); Urdu in ../ur/auth.ts. See shared/i18n/translator.ts. */
export default {
} as const;
