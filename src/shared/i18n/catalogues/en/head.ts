/** English of what the server writes into a page's head (titles, descriptions, the noscript notice); the site's name and the titles the browser sets too are in site.ts. Urdu in ../ur/head.ts. See ../../translator.ts. */
export default {
  'head.defaultDescription': 'Shop from local stores and pay cash on delivery.',
  'head.browseTitle': 'Discover products | {site}',
  'head.browseDescription': 'Products from every shop on {site}: search, pick a category and pay cash on delivery.',
  'head.shopsTitle': 'All shops | {site}',
  'head.shopsDescription': 'Every shop on {site} with its rating: find one you like and browse its products.',
  'head.productDescription': '{product} from {shop}',
  'head.storefrontDescription': 'Shop {shop} on {site}',
  'head.needsJavaScript': 'This marketplace needs JavaScript to run.',
} as const;
