/** English texts of the catalog screens (keys `catalog.*`); Urdu in ../ur/catalog.ts. See shared/i18n/translator.ts. */
export default {
} as const;
