/** English of the site's name and the page titles the browser sets too (keys `site.*`); Urdu in ../ur/site.ts. The rest of a page's head, written only by the server, is in head.ts. */
export default {
  'site.name': 'Marketplace',
  'site.productTitle': '{product} · {shop} · {site}',
  'site.storefrontTitle': '{shop} · {site}',
  'site.pageTitle': '{page} · {site}',
} as const;
