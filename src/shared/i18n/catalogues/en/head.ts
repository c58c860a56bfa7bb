/** English of the pages' heads (titles, descriptions) and of the site's name; Urdu in ../ur/head.ts. See ../../translator.ts. */
export default {
  'head.siteName': 'Marketplace',
  'head.defaultDescription': 'Shop from local stores and pay cash on delivery.',
  'head.browseTitle': 'Discover products | {site}',
  'head.browseDescription': 'Products from every shop on {site}: search, pick a category and pay cash on delivery.',
  'head.shopsTitle': 'All shops | {site}',
  'head.shopsDescription': 'Every shop on {site} with its rating: find one you like and browse its products.',
  'head.productTitle': '{product} · {shop} · {site}',
  'head.productDescription': '{product} from {shop}',
  'head.storefrontTitle': '{shop} · {site}',
  'head.storefrontDescription': 'Shop {shop} on {site}',
  'head.needsJavaScript': 'This marketplace needs JavaScript to run.',
} as const;
