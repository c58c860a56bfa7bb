/** English texts of the admin screens (keys `admin.*`); Urdu in ../ur/admin.ts. See shared/i18n/translator.ts. */
export default {
} as const;
