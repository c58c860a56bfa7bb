/** English texts of the account screens (keys `account.*`); Urdu in ../ur/account.ts. See shared/i18n/translator.ts. */
export default {
} as const;
