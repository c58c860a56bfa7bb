/** English texts of the confirmation and install dialogs, loaded with them (keys `dialogs.*`); Urdu in ../ur/dialogs.ts. See shared/i18n/translator.ts. */
export default {
  'dialogs.confirm.title': 'Are you sure?',
  'dialogs.confirm.cancel': 'Cancel',
  'dialogs.confirm.delete': 'Delete',
  'dialogs.pwa.installTitle': 'Install {site}',
  'dialogs.pwa.installBody': 'Add {site} to your home screen for quick access to shops, your cart and your orders, even on a slow connection.',
  'dialogs.pwa.later': 'Maybe Later',
  'dialogs.pwa.install': 'Install Now',
} as const;
