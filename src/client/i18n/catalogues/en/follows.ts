/** Following shops (issue 50): the Follow button and /following; Urdu in ../ur/follows.ts. */
export default {
  'follows.follow': 'Follow',
  'follows.following': 'Following',
  'follows.title': 'Following',
  'follows.subtitle': 'Shops you follow, with their newest products.',
  'follows.empty': 'You follow no shops yet',
  'follows.emptyHint': 'Tap Follow on a shop you like to find its newest products here.',
  'follows.browseShops': 'Browse shops',
  'follows.visitShop': 'Visit shop',
  'follows.noProducts': 'No products yet',
  'follows.loadFailed': 'Could not load the shops you follow.',
  'follows.settingsLink': 'Shops you follow',
  'follows.settingsHint': 'Their newest products, in one place.',
} as const;
