/** English whatsapp texts; Urdu in ../ur/whatsapp.ts. See ../../translator.ts. */
export default {
} as const;
